import { isTransientFetchError } from './errors';
import { sleep } from './rateLimiter';

export interface RetryOptions {
  /** Attempts in all, the first included. */
  tries?: number;
  /** Delay before the second attempt; doubled before each further one. */
  baseDelayMs?: number;
  isRetryable?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

/** Runs `work`, trying again with exponential backoff while it fails in a transient way. */
export async function withRetry<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const tries = options.tries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const isRetryable = options.isRetryable ?? isTransientFetchError;
  const wait = options.sleep ?? sleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !isRetryable(error)) throw error;
      await wait(baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
