import { spawn, type ChildProcess } from 'node:child_process';
import { waitUntil } from './processes';

/** The launcher (scripts/launch.ts) as an operator runs it, with its output kept for the test to read. */
export interface LauncherRun {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
}

export function launcherEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', ...extra };
  for (const name of ['DATABASE_URL', 'NODE_OPTIONS', 'FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_PROJECT_ID', 'NEXT_PUBLIC_FIREBASE_PROJECT_ID', 'LAUNCHER_STATE_FILE']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

export function startLauncher(args: string[], env: NodeJS.ProcessEnv): LauncherRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/launch.ts', ...args], { cwd: process.cwd(), env });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits for `text` in the launcher's output; fails early with the output when the launcher exits. */
export async function waitForOutput(run: LauncherRun, text: string | RegExp, timeoutMs: number): Promise<void> {
  const seen = () => (typeof text === 'string' ? run.output().includes(text) : text.test(run.output()));
  try {
    await waitUntil(() => seen() || run.child.exitCode !== null, timeoutMs);
  } catch {
    throw new Error(`timed out waiting for ${text}; output:\n${run.output()}`);
  }
  if (!seen()) throw new Error(`the launcher exited (${run.child.exitCode}) before ${text}; output:\n${run.output()}`);
}

/** Stops the launcher as Ctrl-C or a service manager does, and returns its exit code. */
export async function stopLauncher(run: LauncherRun): Promise<number | null> {
  if (run.child.exitCode === null) run.child.kill('SIGTERM');
  return run.exited;
}
