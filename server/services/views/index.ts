import type { Database } from '../../db/client';
import { logger } from '../../logger';
import { ViewBuffer } from './buffer';
import { writeViews } from './store';

export { refreshViewWindows, pruneViewBuckets, seedViewHistory, writeViews } from './store';

const FLUSH_INTERVAL_MS = 2_000;

interface ViewCounterState {
  buffer: ViewBuffer;
  database?: Database;
  timer?: NodeJS.Timeout;
}

// One buffer per process, even if the module is loaded twice (dev reloads, several bundles).
const store = globalThis as typeof globalThis & { __truyenViews?: ViewCounterState };

function state(): ViewCounterState {
  if (!store.__truyenViews) {
    const holder: ViewCounterState = {
      buffer: new ViewBuffer((counts) => (holder.database ? writeViews(holder.database, counts) : Promise.resolve())),
    };
    store.__truyenViews = holder;
  }
  return store.__truyenViews;
}

/** Counts a chapter view towards the rankings; written within a few seconds, never in the reader's way. */
export function countView(database: Database, storyId: number): void {
  const current = state();
  current.database = database;
  current.buffer.record(storyId);
  current.timer ??= setInterval(() => {
    current.buffer.drain().catch((error: unknown) => logger.warn({ err: error }, 'chapter views not written yet'));
  }, FLUSH_INTERVAL_MS).unref();
}

/** Writes the views counted so far (tests, shutdown). */
export function flushViews(): Promise<void> {
  return state().buffer.drain();
}
