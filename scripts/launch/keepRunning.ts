import type { ChildProcess } from 'node:child_process';
import { createBackoff } from './backoff';

/**
 * Keeps a process running: when it exits without being asked to, it is started again after a
 * back-off (scripts/launch/backoff.ts), with a log line each time, until stop() is called.
 */

export interface KeepRunningOptions {
  /** Names the process in log lines, e.g. "The embedded PostgreSQL". */
  name: string;
  /** Starts the process (`again`: in place of one that died); resolves once it serves, rejects when it could not start. */
  start: (again: boolean) => Promise<ChildProcess>;
  /** Stops a running process and resolves once it has exited. */
  stop: (child: ChildProcess) => Promise<void>;
  /** Called after each successful restart. */
  onRestart?: (restarts: number) => void;
  log?: (line: string) => void;
}

export interface KeptProcess {
  /** The process running now (undefined while it is being started again). */
  current(): ChildProcess | undefined;
  restarts(): number;
  /** Stops watching: an exit from now on is not answered with a restart (a shutdown has begun). */
  hold(): void;
  stop(): Promise<void>;
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `code ${code}`;
}

/** Starts the process once (a failure rejects) and keeps it running from then on. */
export async function keepRunning(options: KeepRunningOptions): Promise<KeptProcess> {
  const log = options.log ?? ((line: string) => console.error(line));
  const backoff = createBackoff();
  let child: ChildProcess | undefined = await options.start(false);
  let startedAt = Date.now();
  let restarts = 0;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      starting = attempt().finally(() => (starting = undefined));
    }, delayMs);
  };

  const attempt = async () => {
    try {
      const next = await options.start(true);
      if (stopping) {
        await options.stop(next);
        return;
      }
      child = next;
      startedAt = Date.now();
      restarts += 1;
      watch(next);
      log(`${options.name} is running again (pid ${next.pid}; ${restarts} restart${restarts === 1 ? '' : 's'} since the launcher started).`);
      options.onRestart?.(restarts);
    } catch (error) {
      if (stopping) return;
      const delay = backoff.next(0);
      log(`${options.name} could not start again (${error instanceof Error ? error.message : String(error)}); next try in ${delay / 1000} s.`);
      schedule(delay);
    }
  };

  const watch = (watched: ChildProcess) => {
    watched.once('exit', (code, signal) => {
      if (stopping || child !== watched) return;
      child = undefined;
      const delay = backoff.next(Date.now() - startedAt);
      log(`${options.name} (pid ${watched.pid}) exited unexpectedly (${describeExit(code, signal)}); starting it again in ${delay / 1000} s.`);
      schedule(delay);
    });
  };
  watch(child);

  const hold = () => {
    stopping = true;
    clearTimeout(timer);
  };
  return {
    current: () => child,
    restarts: () => restarts,
    hold,
    async stop() {
      hold();
      await starting;
      if (child && child.exitCode === null && child.signalCode === null) await options.stop(child);
    },
  };
}
