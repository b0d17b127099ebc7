import { serviceUnavailable } from '@/server/http/errors';

/**
 * The synthesis queue of one process: a fixed number of renders run at once (one per warm
 * worker), a bounded number wait, and the next to run is chosen fairly: what a listener is
 * waiting to hear now goes before prefetching, and among those the reader with the fewest renders
 * running goes first (then the oldest request), so one reader's long chapter cannot hold up the
 * first sound of another. Beyond its bounds a request is refused at once with 503 and
 * Retry-After; a prefetch is refused already when the queue is half full.
 */
export type RenderPriority = 'now' | 'prefetch';

export interface SynthQueueOptions {
  concurrency: number;
  /** Requests that may wait in all. */
  maxQueued: number;
  /** Requests one reader may have waiting. */
  perReader: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
}

export const QUEUE_BUSY_MESSAGE = 'Máy chủ đang bận tạo âm thanh cho nhiều người nghe, vui lòng thử lại sau ít giây.';

interface Waiting {
  reader: string;
  priority: RenderPriority;
  order: number;
  start: () => void;
  timer: NodeJS.Timeout;
}

export interface QueueStats {
  running: number;
  queued: number;
  refused: number;
}

export class SynthQueue {
  private running = 0;
  private refusedCount = 0;
  private order = 0;
  private readonly runningByReader = new Map<string, number>();
  private readonly waiting: Waiting[] = [];

  constructor(private readonly options: SynthQueueOptions) {}

  stats(): QueueStats {
    return { running: this.running, queued: this.waiting.length, refused: this.refusedCount };
  }

  async run<T>(reader: string, priority: RenderPriority, work: () => Promise<T>): Promise<T> {
    await this.acquire(reader, priority);
    try {
      return await work();
    } finally {
      this.release(reader);
    }
  }

  private refuse(): Error {
    this.refusedCount += 1;
    return serviceUnavailable(QUEUE_BUSY_MESSAGE, this.options.retryAfterSeconds);
  }

  private acquire(reader: string, priority: RenderPriority): Promise<void> {
    if (this.running < this.options.concurrency && this.waiting.length === 0) {
      this.begin(reader);
      return Promise.resolve();
    }
    const queuedByReader = this.waiting.filter((entry) => entry.reader === reader).length;
    const limit = priority === 'prefetch' ? Math.floor(this.options.maxQueued / 2) : this.options.maxQueued;
    if (this.waiting.length >= limit || queuedByReader >= this.options.perReader) return Promise.reject(this.refuse());
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        reader,
        priority,
        order: this.order++,
        start: () => {
          clearTimeout(entry.timer);
          this.begin(reader);
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(this.refuse());
        }, this.options.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  private begin(reader: string): void {
    this.running += 1;
    this.runningByReader.set(reader, (this.runningByReader.get(reader) ?? 0) + 1);
  }

  private release(reader: string): void {
    this.running -= 1;
    const left = (this.runningByReader.get(reader) ?? 1) - 1;
    if (left > 0) this.runningByReader.set(reader, left);
    else this.runningByReader.delete(reader);
    const next = this.pickNext();
    if (next) next.start();
  }

  /** Now before prefetch; then the reader with the fewest renders running; then the oldest. */
  private pickNext(): Waiting | undefined {
    let best: Waiting | undefined;
    const rank = (entry: Waiting) => [entry.priority === 'now' ? 0 : 1, this.runningByReader.get(entry.reader) ?? 0, entry.order];
    for (const entry of this.waiting) {
      if (!best) best = entry;
      else {
        const [a, b] = [rank(entry), rank(best)];
        if (a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])))) best = entry;
      }
    }
    if (best) this.waiting.splice(this.waiting.indexOf(best), 1);
    return best;
  }
}
