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

/** Stops every child: SIGTERM, then SIGKILL for any still alive after the grace period. */
export async function stopChildren(graceMs = 5_000): Promise<void> {
  const alive = [...children].filter((child) => child.exitCode === null);
  for (const child of alive) child.kill('SIGTERM');
  const timer = setTimeout(() => alive.forEach((child) => child.kill('SIGKILL')), graceMs);
  await Promise.all(alive.map(exitCode));
  clearTimeout(timer);
}
