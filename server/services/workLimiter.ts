import { serviceUnavailable } from '../http/errors';

/**
 * A cap on costly work running at once in this process (renders, live fetches): up to
 * `concurrency` run, up to `queue` more wait at most `maxWaitMs`; beyond that the caller gets
 * 503 with Retry-After at once instead of piling work up. Each instance caps its own CPU and
 * outgoing connections; the per-client limits (in PostgreSQL) are shared by all instances.
 */
export interface WorkLimiterOptions {
  concurrency: number;
  queue: number;
  maxWaitMs: number;
  /** What to tell the reader when the work is refused. */
  message: string;
  retryAfterSeconds: number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

export class WorkLimiter {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: WorkLimiterOptions) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private refuse(): Error {
    return serviceUnavailable(this.options.message, this.options.retryAfterSeconds);
  }

  /** Takes a slot (waiting for one); pair with release(). run() does both. */
  acquire(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.queue) return Promise.reject(this.refuse());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.running += 1;
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(this.refuse());
        }, this.options.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  release(): void {
    this.running -= 1;
    this.waiting.shift()?.start();
  }
}
