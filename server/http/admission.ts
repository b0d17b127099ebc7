import { AsyncLocalStorage } from 'node:async_hooks';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { env } from '../env';
import { ANYONE, WorkLimiter, type Claimant } from '../http/workLimiter';

/**
 * Admission of API requests in this process: API_CONCURRENCY run at once, the rest wait (at most
 * API_QUEUE of them, READER_QUEUE per reader, each at most DB_POOL_WAIT_MS) and are otherwise
 * answered 503 with Retry-After. The next turn goes to the reader with the smallest share
 * running, then the oldest request (server/http/workLimiter.ts; readers by device within
 * their address's ceiling: server/http/reader.ts).
 *
 * Under a saturated CPU this is what keeps answers steady: a request admitted runs among a few
 * others, so its queries find a free pool connection at once, instead of queueing at the pool
 * once per query behind every other request (a route of four queries would wait four times as
 * long as one of one). Waiting happens before any work is done, so a refused request has cost
 * nothing and written nothing.
 */

export const OVERLOADED = 'Hệ thống đang quá tải, vui lòng thử lại sau ít giây.';

export interface AdmissionOptions {
  concurrency: number;
  queue: number;
  maxWaitMs: number;
  perReader?: number;
  addressReaders?: number;
}

export interface Admission {
  /** Runs an API request's work in its turn, counted for `claimant`. */
  admitted<T>(work: () => Promise<T>, claimant?: Claimant): Promise<T>;
  /**
   * Runs work that waits on something slow outside this process (a live fetch from a source
   * site) without holding the request's turn, and takes a turn again afterwards; outside an
   * admitted request it just runs the work.
   */
  outsideTurn<T>(work: () => Promise<T>): Promise<T>;
  state(): { active: number; waiting: number; limit: number };
}

export function createAdmission({ concurrency, queue, maxWaitMs, perReader, addressReaders }: AdmissionOptions): Admission {
  const limiter = new WorkLimiter({ concurrency, queue, maxWaitMs, perReader, addressReaders, message: OVERLOADED, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
  /** Whether the current request holds its turn, and whose it is. */
  const turns = new AsyncLocalStorage<{ held: boolean; claimant: Claimant }>();
  return {
    async admitted(work, claimant = ANYONE) {
      await limiter.acquire(claimant);
      const turn = { held: true, claimant };
      try {
        return await turns.run(turn, work);
      } finally {
        if (turn.held) limiter.release(claimant);
      }
    },
    async outsideTurn(work) {
      const turn = turns.getStore();
      if (!turn?.held) return work();
      turn.held = false;
      limiter.release(turn.claimant);
      try {
        return await work();
      } finally {
        // Refused here (503), the request fails though the work is done; what it stored stays.
        await limiter.acquire(turn.claimant);
        turn.held = true;
      }
    },
    state: () => ({ active: limiter.active, waiting: limiter.queued, limit: concurrency }),
  };
}

let shared: Admission | undefined;

/** This process's admission of API requests, set by API_CONCURRENCY, API_QUEUE, READER_QUEUE, ADDRESS_READERS and DB_POOL_WAIT_MS. */
export function apiAdmission(): Admission {
  if (!shared) {
    const config = env();
    shared = createAdmission({
      concurrency: config.API_CONCURRENCY,
      queue: config.API_QUEUE,
      maxWaitMs: config.DB_POOL_WAIT_MS,
      perReader: config.READER_QUEUE,
      addressReaders: config.ADDRESS_READERS,
    });
  }
  return shared;
}
