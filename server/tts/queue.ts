import { ANYONE, WorkLimiter, type Claimant } from '@/server/http/workLimiter';

/**
 * The synthesis queue of one process: a fixed number of renders run at once (one per warm
 * worker), a bounded number wait, and the next to run is chosen fairly: what a listener is
 * waiting to hear now goes before prefetching, and among those the reader with the smallest share
 * running goes first (server/http/workLimiter.ts: anonymous readers by device, within their
 * address's ceiling; accounts by account), then the oldest request, so one reader's long chapter
 * cannot hold up the first sound of another. Beyond its bounds a request is refused at once with
 * 503 and Retry-After; a prefetch is refused already when the queue is half full.
 */
export type RenderPriority = 'now' | 'prefetch';

export interface SynthQueueOptions {
  concurrency: number;
  /** Requests that may wait in all. */
  maxQueued: number;
  /** Requests one reader may have waiting. */
  perReader: number;
  /** Readers one address counts as at most. */
  addressReaders?: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
}

export const QUEUE_BUSY_MESSAGE = 'Máy chủ đang bận tạo âm thanh cho nhiều người nghe, vui lòng thử lại sau ít giây.';

export interface QueueStats {
  running: number;
  queued: number;
  refused: number;
}

/** A reader given as a bare key is a group of its own (tests, benchmarks). */
function claimantOf(reader: string | Claimant): Claimant {
  return typeof reader === 'string' ? { reader, group: reader } : reader;
}

export class SynthQueue {
  private refusedCount = 0;
  private readonly limiter: WorkLimiter;

  constructor(private readonly options: SynthQueueOptions) {
    this.limiter = new WorkLimiter({
      concurrency: options.concurrency,
      queue: options.maxQueued,
      perReader: options.perReader,
      addressReaders: options.addressReaders,
      maxWaitMs: options.maxWaitMs,
      message: QUEUE_BUSY_MESSAGE,
      retryAfterSeconds: options.retryAfterSeconds,
    });
  }

  stats(): QueueStats {
    return { running: this.limiter.active, queued: this.limiter.queued, refused: this.refusedCount };
  }

  async run<T>(reader: string | Claimant = ANYONE, priority: RenderPriority, work: () => Promise<T>): Promise<T> {
    const claimant = claimantOf(reader);
    const queueLimit = priority === 'prefetch' ? Math.floor(this.options.maxQueued / 2) : this.options.maxQueued;
    try {
      await this.limiter.acquire(claimant, priority === 'now' ? 0 : 1, queueLimit);
    } catch (error) {
      this.refusedCount += 1;
      throw error;
    }
    try {
      return await work();
    } finally {
      this.limiter.release(claimant);
    }
  }
}
