import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { fetchCache } from '@/server/db/schema';

/** Decoded source pages by key (usually the URL); an entry older than `maxAgeMs` counts as missing. */
export interface FetchCache {
  get(key: string, maxAgeMs: number): Promise<string | null>;
  set(key: string, body: string): Promise<void>;
  /** Forgets an entry (a page that no longer parses). */
  delete(key: string): Promise<void>;
}

/** Process-local cache for tests and scripts. */
export function memoryFetchCache(now: () => number = Date.now): FetchCache & { size(): number } {
  const entries = new Map<string, { body: string; fetchedAt: number }>();
  return {
    async get(key, maxAgeMs) {
      const entry = entries.get(key);
      if (!entry || now() - entry.fetchedAt > maxAgeMs) return null;
      return entry.body;
    },
    async set(key, body) {
      entries.set(key, { body, fetchedAt: now() });
    },
    async delete(key) {
      entries.delete(key);
    },
    size: () => entries.size,
  };
}

/** The shared cache of every app instance: the `fetch_cache` table. */
export function dbFetchCache(database: () => Database): FetchCache {
  return {
    async get(key, maxAgeMs) {
      const rows = await database()
        .select({ body: fetchCache.body, fetchedAt: fetchCache.fetchedAt })
        .from(fetchCache)
        .where(eq(fetchCache.url, key))
        .limit(1);
      const row = rows[0];
      if (!row || Date.now() - row.fetchedAt.getTime() > maxAgeMs) return null;
      return row.body;
    },
    async set(key, body) {
      await database()
        .insert(fetchCache)
        .values({ url: key, body })
        .onConflictDoUpdate({ target: fetchCache.url, set: { body, fetchedAt: sql`now()` } });
    },
    async delete(key) {
      await database().delete(fetchCache).where(eq(fetchCache.url, key));
    },
  };
}
