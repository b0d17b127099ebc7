import fs from 'node:fs';
import path from 'node:path';
import { spawnChild } from './children';
import { LaunchError, assertPortFree, isPortOpen } from './ports';

async function isAuthEmulator(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as { authEmulator?: unknown };
    return Boolean(body.authEmulator);
  } catch {
    return false;
  }
}

/**
 * Runs the Firebase Auth emulator (offline, UI disabled) for `projectId`, or reuses one already
 * answering on the port.
 */
export async function ensureAuthEmulator(port: number, projectId: string, workDir: string): Promise<{ host: string; started: boolean }> {
  const host = `127.0.0.1:${port}`;
  if ((await isPortOpen(port)) && (await isAuthEmulator(port))) return { host, started: false };
  await assertPortFree(port, 'AUTH_EMULATOR_PORT');
  const dir = path.resolve(workDir);
  fs.mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'firebase.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify({ emulators: { auth: { host: '127.0.0.1', port }, ui: { enabled: false }, singleProjectMode: true } }),
  );
  const logFile = path.join(dir, 'emulator.log');
  const log = fs.openSync(logFile, 'w');
  const firebaseBin = path.join(process.cwd(), 'node_modules', '.bin', 'firebase');
  if (!fs.existsSync(firebaseBin)) {
    throw new LaunchError('firebase-tools is not installed; run npm install, or configure a Firebase project (NEXT_PUBLIC_FIREBASE_API_KEY).');
  }
  const child = spawnChild(firebaseBin, ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile], {
    cwd: dir,
    stdio: ['ignore', log, log],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', XDG_CONFIG_HOME: path.join(dir, 'config'), FIREBASE_CLI_EXPERIMENTS: '' },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await isAuthEmulator(port)) return { host, started: true };
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new LaunchError(`The Firebase Auth emulator did not start on port ${port}; see ${logFile}.`);
}
