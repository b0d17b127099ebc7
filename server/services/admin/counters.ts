import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { arrayParam } from '../../db/params';
import { onFetchEvent, type FetchEventKind } from '../../fetch/fetchEvents';
import { logger } from '../../logger';
import { viewDay } from '../views/windows';

/**
 * Counters of the console's health page (listens; per source site: fetches, blocks, challenges,
 * parse errors), counted in memory and added to `daily_counters` in one statement every few
 * seconds per process, as chapter views are (server/services/views/): a count costs no query.
 * A process that dies loses at most one interval of counts.
 */

export type CounterName = 'listens' | 'source.fetches' | 'source.blocks' | 'source.challenges' | 'source.parseErrors';

const FLUSH_INTERVAL_MS = 5_000;
/** Distinct counters kept while the database is failing; beyond this new ones are dropped. */
const MAX_PENDING = 10_000;

interface CounterState {
  pending: Map<string, number>;
  database?: Database;
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
}

// Per module instance (each server bundle that counts has its own, each flushing what it counted).
const current: CounterState = { pending: new Map() };

/** Adds `by` to today's counter `name` (for `key`, a source site; '' otherwise). */
export function countEvent(database: Database, name: CounterName, key = '', by = 1, now = Date.now()): void {
  current.database = database;
  const id = `${viewDay(now)}\t${name}\t${key}`;
  const value = current.pending.get(id);
  if (value === undefined && current.pending.size >= MAX_PENDING) return;
  current.pending.set(id, (value ?? 0) + by);
  current.timer ??= setInterval(() => {
    flushCounters().catch((error: unknown) => logger.warn({ err: error }, 'daily counters not written yet'));
  }, FLUSH_INTERVAL_MS).unref();
}

async function write(database: Database, batch: ReadonlyMap<string, number>): Promise<void> {
  const rows = [...batch].map(([id, count]) => [...id.split('\t'), count] as [string, string, string, number]);
  await database.execute(sql`
    insert into daily_counters (day, name, key, count)
    select * from unnest(${arrayParam(rows.map((r) => r[0]), 'text')}, ${arrayParam(rows.map((r) => r[1]), 'text')},
      ${arrayParam(rows.map((r) => r[2]), 'text')}, ${arrayParam(rows.map((r) => r[3]), 'int')})
    order by 1, 2, 3
    on conflict (day, name, key) do update set count = daily_counters.count + excluded.count`);
}

/** Writes what was counted so far (the timer, tests, shutdown); on failure the counts are kept. */
export function flushCounters(): Promise<void> {
  if (current.flushing) return current.flushing;
  if (current.pending.size === 0 || !current.database) return Promise.resolve();
  const batch = current.pending;
  current.pending = new Map();
  current.flushing = write(current.database, batch)
    .catch((error: unknown) => {
      for (const [id, count] of batch) current.pending.set(id, (current.pending.get(id) ?? 0) + count);
      throw error;
    })
    .finally(() => {
      current.flushing = undefined;
    });
  return current.flushing;
}

const SOURCE_COUNTERS: Record<FetchEventKind, CounterName> = {
  fetch: 'source.fetches',
  block: 'source.blocks',
  challenge: 'source.challenges',
  parseError: 'source.parseErrors',
};

/** Counts the source fetcher's requests, refusals, challenges and parse errors per host (called once at start). */
export function countSourceEvents(database: Database): void {
  onFetchEvent((host, kind) => countEvent(database, SOURCE_COUNTERS[kind], host));
}
