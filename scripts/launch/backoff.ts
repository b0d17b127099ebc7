/**
 * Delays before starting a crashed process again: 1 s, 2 s, 4 s … at most 30 s, so a crash loop
 * does not spin, and back to 1 s once a start has stayed up for a minute.
 */
export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;
export const STABLE_MS = 60_000;

export interface Backoff {
  /** The delay before the next start, given how long the last one stayed up. */
  next(upMs: number): number;
}

export function createBackoff(): Backoff {
  let delay = FIRST_DELAY_MS;
  return {
    next(upMs) {
      if (upMs >= STABLE_MS) delay = FIRST_DELAY_MS;
      const current = delay;
      delay = Math.min(delay * 2, MAX_DELAY_MS);
      return current;
    },
  };
}
