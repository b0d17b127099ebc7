/**
 * Totals of paged story lists (how many stories a filter or ranking holds), kept for a minute
 * per process: counting the whole catalogue on every page view is the cost of a full scan for a
 * number that changes slowly. Bounded: the oldest entries go first.
 */

const TTL_MS = 60_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  value: Promise<number>;
  at: number;
}

const entries = new Map<string, Entry>();

export function cachedTotal(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
  const hit = entries.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = count();
  entries.delete(key);
  entries.set(key, { value, at: now });
  // A failed count is not remembered.
  value.catch(() => entries.get(key)?.value === value && entries.delete(key));
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return value;
}

/** Forgets every total (tests that change the catalogue between pages). */
export function clearCachedTotals(): void {
  entries.clear();
}
