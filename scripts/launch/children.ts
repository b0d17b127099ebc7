import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const children = new Set<ChildProcess>();

/** Spawns a child that is stopped with the launcher. */
export function spawnChild(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function exitCode(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Sends `signal`, then `force` if the child is still running after `graceMs`; resolves once it has exited. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals, graceMs: number, force: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill(force), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** Stops every child: SIGTERM, then SIGKILL for any still alive after the grace period. */
export async function stopChildren(graceMs = 5_000): Promise<void> {
  await Promise.all([...children].map((child) => stopProcess(child, 'SIGTERM', graceMs)));
}
