import type { Clock } from './deps';

/** The sleep timer's clock: one pending timeout at most. */
export class SleepTimer {
  private handle: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly clock: Clock) {}

  /** Calls `done` after `minutes`, replacing any pending timer; returns when it fires (ms since the epoch). */
  start(minutes: number, done: () => void): number {
    this.clear();
    const ms = minutes * 60_000;
    this.handle = this.clock.setTimeout(() => {
      this.handle = null;
      done();
    }, ms);
    return this.clock.now() + ms;
  }

  clear(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
  }
}
