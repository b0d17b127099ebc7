import { serviceUnavailable } from './errors';

/**
 * A fair cap on work running at once in this process (requests, renders, live fetches): up to
 * `concurrency` run; while a slot is free nobody waits. Once all are taken, requests wait (at most
 * `maxWaitMs`) and take the free slots in a fair order (start-time fair queueing): each reader's
 * requests are numbered in turns, one turn per request, a new or idle reader starting at the
 * current turn, and the lowest turn goes next (the oldest request among equals). So a reader
 * with many requests waits behind the first requests of the others, and everyone waits in order.
 *
 * Anonymous readers are also counted under their address (`group`), which advances by
 * 1/`addressReaders` of a turn per request: an address serves as many readers as it has, up to
 * that ceiling, and one address minting device ids gets no more. Beyond the bounds (`queue` in
 * all, `perReader` per reader, `perReader × addressReaders` per address) the caller gets 503 with
 * Retry-After at once instead of piling work up. Each instance caps its own CPU and outgoing
 * connections; the per-reader windows (in PostgreSQL, server/services/rateLimit.ts) are shared.
 */
export interface WorkLimiterOptions {
  concurrency: number;
  queue: number;
  maxWaitMs: number;
  /** What to tell the reader when the work is refused. */
  message: string;
  retryAfterSeconds: number;
  /** Requests one reader may have waiting (default: `queue`). */
  perReader?: number;
  /** Readers one address counts as at most (default: no ceiling). */
  addressReaders?: number;
}

/** Whose work this is (server/http/reader.ts makes one from a request). */
export interface Claimant {
  /** An account, a device, or a first visit (server/http/reader.ts). */
  reader: string;
  /** What its share is counted under: its address (anonymous readers) or its own key. */
  group: string;
}

/** Work not tied to any reader: one line in arrival order. */
export const ANYONE: Claimant = { reader: '*', group: '*' };

interface Waiter {
  claimant: Claimant;
  priority: number;
  /** The request's turn (its start tag). */
  turn: number;
  order: number;
  start: () => void;
  timer: NodeJS.Timeout;
}

export class WorkLimiter {
  private running = 0;
  private order = 0;
  private readonly waiting: Waiter[] = [];
  private readonly runningBy = new Map<string, number>();
  private readonly waitingBy = new Map<string, number>();
  /** The turn of the request started last: where a new or idle reader starts. */
  private currentTurn = 0;
  /** Per reader (`r|`) and address (`g|`), the turn its next request gets at the earliest. */
  private readonly nextTurn = new Map<string, number>();

  constructor(private readonly options: WorkLimiterOptions) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>, claimant: Claimant = ANYONE, priority = 0): Promise<T> {
    await this.acquire(claimant, priority);
    try {
      return await work();
    } finally {
      this.release(claimant);
    }
  }

  private refuse(): Error {
    return serviceUnavailable(this.options.message, this.options.retryAfterSeconds);
  }

  private perReader(): number {
    return this.options.perReader ?? this.options.queue;
  }

  private addressReaders(): number {
    return this.options.addressReaders ?? Number.POSITIVE_INFINITY;
  }

  /** Whether one more request of `claimant` may wait (the bounds in all, per reader, per address). */
  mayWait(claimant: Claimant, queueLimit = this.options.queue): boolean {
    if (this.waiting.length >= queueLimit) return false;
    if ((this.waitingBy.get(`r|${claimant.reader}`) ?? 0) >= this.perReader()) return false;
    const groupBound = this.perReader() * this.addressReaders();
    return claimant.group === claimant.reader || (this.waitingBy.get(`g|${claimant.group}`) ?? 0) < groupBound;
  }

  /**
   * Takes a slot (waiting for one); pair with release(claimant). run() does both. A lower
   * `priority` goes first; `queueLimit` lowers the bound in all for this request.
   */
  acquire(claimant: Claimant = ANYONE, priority = 0, queueLimit = this.options.queue): Promise<void> {
    if (this.running < this.options.concurrency && this.waiting.length === 0) {
      this.currentTurn = Math.max(this.currentTurn, this.takeTurn(claimant));
      this.begin(claimant);
      return Promise.resolve();
    }
    if (!this.mayWait(claimant, queueLimit)) return Promise.reject(this.refuse());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        claimant,
        priority,
        turn: this.takeTurn(claimant),
        order: this.order++,
        start: () => {
          clearTimeout(waiter.timer);
          this.currentTurn = Math.max(this.currentTurn, waiter.turn);
          this.begin(claimant);
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) {
            this.waiting.splice(at, 1);
            this.count(claimant, 'waiting', -1);
          }
          reject(this.refuse());
        }, this.options.maxWaitMs),
      };
      this.waiting.push(waiter);
      this.count(claimant, 'waiting', 1);
    });
  }

  release(claimant: Claimant = ANYONE): void {
    this.running -= 1;
    this.count(claimant, 'running', -1);
    const next = this.pickNext();
    if (next) next.start();
  }

  private begin(claimant: Claimant): void {
    this.running += 1;
    this.count(claimant, 'running', 1);
  }

  /** The turn of a new request: the later of the reader's and its address's next; both move on. */
  private takeTurn(claimant: Claimant): number {
    const readerKey = `r|${claimant.reader}`;
    const readerTurn = Math.max(this.currentTurn, this.nextTurn.get(readerKey) ?? 0);
    this.nextTurn.set(readerKey, readerTurn + 1);
    if (claimant.group === claimant.reader) return readerTurn;
    const groupKey = `g|${claimant.group}`;
    const groupTurn = Math.max(this.currentTurn, this.nextTurn.get(groupKey) ?? 0);
    this.nextTurn.set(groupKey, groupTurn + 1 / this.addressReaders());
    // Whole turns: the readers of an address under its ceiling rank as equals of anyone else.
    return Math.floor(Math.max(readerTurn, groupTurn) + 1e-9);
  }

  private count(claimant: Claimant, what: 'running' | 'waiting', delta: number): void {
    const map = what === 'running' ? this.runningBy : this.waitingBy;
    for (const key of [`r|${claimant.reader}`, `g|${claimant.group}`]) {
      const value = (map.get(key) ?? 0) + delta;
      if (value > 0) map.set(key, value);
      else map.delete(key);
      // A reader (or address) with nothing running or waiting starts again at the current turn.
      if (!this.runningBy.has(key) && !this.waitingBy.has(key)) this.nextTurn.delete(key);
      if (claimant.group === claimant.reader) break;
    }
  }

  /** Priority; then the lowest turn; then the oldest. */
  private pickNext(): Waiter | undefined {
    let best: Waiter | undefined;
    for (const waiter of this.waiting) {
      if (!best || lessThan([waiter.priority, waiter.turn, waiter.order], [best.priority, best.turn, best.order])) best = waiter;
    }
    if (best) {
      this.waiting.splice(this.waiting.indexOf(best), 1);
      this.count(best.claimant, 'waiting', -1);
    }
    return best;
  }
}

function lessThan(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i]) return a[i] < b[i];
  }
  return false;
}
