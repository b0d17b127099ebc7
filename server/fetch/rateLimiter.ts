/** Waits before a request so that no source host is asked too often. */
export interface HostRateLimiter {
  acquire(host: string): Promise<void>;
}

export interface RateLimiterOptions {
  /** Sustained requests per second per host. */
  ratePerSecond: number;
  /** Requests allowed back to back before the rate applies. */
  burst: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A token bucket per host. It is process-local on purpose: it protects the source sites from
 * one instance's bursts, while the per-reader limits of the API live in the database.
 */
export function createHostRateLimiter(options: RateLimiterOptions): HostRateLimiter {
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleep;
  const intervalMs = 1000 / options.ratePerSecond;
  /** Per host: when the next request may start if the bucket were empty. */
  const nextFree = new Map<string, number>();

  return {
    async acquire(host) {
      const current = now();
      const earliest = current - (options.burst - 1) * intervalMs;
      const slot = Math.max(nextFree.get(host) ?? earliest, earliest);
      nextFree.set(host, slot + intervalMs);
      const delay = slot - current;
      if (delay > 0) await wait(delay);
    },
  };
}
