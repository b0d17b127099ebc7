import { FetchError } from './errors';

/** How gently one source host is asked. */
export interface Politeness {
  /** Least time between the end of one request and the start of the next (and between starts). */
  minIntervalMs: number;
  /** A random extra wait of up to this much, so requests do not tick like a clock. */
  jitterMs: number;
  /** Requests in flight at once. */
  maxConcurrent: number;
  /** First back-off after a refusal without Retry-After; doubled on each further refusal. */
  backoffMs: number;
  /** Longest back-off we impose ourselves. */
  maxBackoffMs: number;
  /** Longest a request waits for a cooling-down host; beyond it the request fails at once. */
  maxWaitMs: number;
}

export const DEFAULT_POLITENESS: Politeness = {
  minIntervalMs: 500,
  jitterMs: 250,
  maxConcurrent: 2,
  backoffMs: 30_000,
  maxBackoffMs: 15 * 60_000,
  maxWaitMs: 20_000,
};

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** In [0, 1). */
  random(): number;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const systemClock: Clock = { now: Date.now, sleep, random: Math.random };

/** Turns for the requests to one host. `acquire` resolves to the function that ends the turn. */
export interface HostGate {
  acquire(host: string): Promise<() => void>;
  /**
   * Notes a refusal (403, 429, 503, a challenge): the host waits `retryAfterMs` when the site
   * said so, else an exponential back-off. Returns the wait imposed.
   */
  backOff(host: string, retryAfterMs?: number): number;
  /** Notes an answer that was not a refusal: the back-off starts over. */
  succeeded(host: string): void;
  /** Time left before the host may be asked again (0 when it may be asked now). */
  coolingDownFor(host: string): number;
  readonly politeness: Politeness;
  readonly clock: Clock;
}

interface HostState {
  active: number;
  waiting: Array<() => void>;
  nextStart: number;
  cooldownUntil: number;
  strikes: number;
}

/**
 * Per-host turns: at most `maxConcurrent` requests at once, `minIntervalMs` plus jitter between
 * them, and a cool-down after refusals during which requests wait (or fail when the wait would
 * be longer than `maxWaitMs`, so a reader is told to come back instead of being kept waiting).
 * Process-local on purpose: it protects the sites from this instance's bursts.
 */
export function createHostGate(politeness: Politeness = DEFAULT_POLITENESS, clock: Clock = systemClock): HostGate {
  const hosts = new Map<string, HostState>();
  const stateOf = (host: string): HostState => {
    let state = hosts.get(host);
    if (!state) {
      state = { active: 0, waiting: [], nextStart: 0, cooldownUntil: 0, strikes: 0 };
      hosts.set(host, state);
    }
    return state;
  };
  const jitter = () => Math.floor(clock.random() * politeness.jitterMs);
  const refuseIfCooling = (host: string, state: HostState) => {
    const left = state.cooldownUntil - clock.now();
    if (left > politeness.maxWaitMs) {
      throw new FetchError('SOURCE_BLOCKED', `${host} is cooling down for ${left} ms`, { retryAfterMs: left });
    }
  };

  const release = (state: HostState) => {
    state.nextStart = Math.max(state.nextStart, clock.now() + politeness.minIntervalMs + jitter());
    const next = state.waiting.shift();
    // The turn passes straight to the next waiter, so nobody can slip in between.
    if (next) next();
    else state.active--;
  };

  return {
    politeness,
    clock,
    async acquire(host) {
      const state = stateOf(host);
      refuseIfCooling(host, state);
      if (state.active >= politeness.maxConcurrent) await new Promise<void>((resolve) => state.waiting.push(resolve));
      else state.active++;
      try {
        refuseIfCooling(host, state);
        const start = Math.max(clock.now(), state.nextStart, state.cooldownUntil);
        state.nextStart = start + politeness.minIntervalMs + jitter();
        const delay = start - clock.now();
        if (delay > 0) await clock.sleep(delay);
      } catch (error) {
        release(state);
        throw error;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release(state);
      };
    },
    backOff(host, retryAfterMs) {
      const state = stateOf(host);
      state.strikes++;
      const wait =
        retryAfterMs ?? Math.min(politeness.backoffMs * 2 ** (state.strikes - 1), politeness.maxBackoffMs);
      state.cooldownUntil = Math.max(state.cooldownUntil, clock.now() + wait);
      return wait;
    },
    succeeded(host) {
      stateOf(host).strikes = 0;
    },
    coolingDownFor(host) {
      return Math.max(0, stateOf(host).cooldownUntil - clock.now());
    },
  };
}
