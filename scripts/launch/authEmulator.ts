import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stopProcess } from './children';
import { freePort } from './freePort';
import { keepRunning } from './keepRunning';
import { LaunchError, assertPortFree, isPortOpen } from './ports';

/**
 * The Firebase Auth emulator (offline, UI disabled). Every port it opens is ours to choose: the
 * auth port, and the hub and logging ports picked free and written in its firebase.json (left
 * to the emulator, they fall back to the next port and emulators started at once race for them),
 * and its hub locator file lives in its own TMPDIR, not in one shared by every emulator of the
 * project on the machine. With `persistDir`, accounts outlive the emulator: imported at start,
 * exported on a clean stop and every `exportEveryMs`.
 */

const START_ATTEMPTS = 3;
const START_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 60_000;
const METADATA_FILE = 'firebase-export-metadata.json';
/**
 * Printed once every emulator has started and imported its data. The auth port answers before
 * the import of kept accounts ends, so a port that answers is not yet an emulator that is ready.
 */
const READY_LINE = 'All emulators ready';

export interface AuthEmulator {
  host: string;
  /** False when an emulator already answering on the port was reused. */
  started: boolean;
  /** Stops it (exporting its accounts first when they persist). */
  stop(): Promise<void>;
}

export interface PersistOptions {
  dir: string;
  exportEveryMs: number;
}

async function isAuthEmulator(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as { authEmulator?: unknown };
    return Boolean(body.authEmulator);
  } catch {
    return false;
  }
}

function firebaseBin(): string {
  const bin = path.join(process.cwd(), 'node_modules', '.bin', 'firebase');
  if (!fs.existsSync(bin)) {
    throw new LaunchError('firebase-tools is not installed; run npm install, or configure a Firebase project (NEXT_PUBLIC_FIREBASE_API_KEY).');
  }
  return bin;
}

/** Whether the emulator wrote its ready line to its log after byte `from` (the log is kept across starts). */
function logSaysReady(logFile: string, from: number): boolean {
  const fd = fs.openSync(logFile, 'r');
  try {
    const length = Math.max(0, fs.fstatSync(fd).size - from);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, from);
    return buffer.toString('utf8').includes(READY_LINE);
  } finally {
    fs.closeSync(fd);
  }
}

/** Starts one emulator on fresh hub and logging ports; resolves with it once it is ready, or null when it exited. */
async function startOnce(port: number, projectId: string, dir: string, persist?: PersistOptions): Promise<{ child: ChildProcess; hubPort: number } | null> {
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const configFile = path.join(dir, 'firebase.json');
  const emulators = {
    auth: { host: '127.0.0.1', port },
    hub: { host: '127.0.0.1', port: hubPort },
    logging: { host: '127.0.0.1', port: loggingPort },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  fs.writeFileSync(configFile, JSON.stringify({ emulators }));
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile];
  if (persist) {
    args.push('--export-on-exit', persist.dir);
    if (fs.existsSync(path.join(persist.dir, METADATA_FILE))) args.push('--import', persist.dir);
  }
  const logFile = path.join(dir, 'emulator.log');
  const log = fs.openSync(logFile, 'a');
  const logStart = fs.fstatSync(log).size;
  const child = spawn(firebaseBin(), args, {
    cwd: dir,
    stdio: ['ignore', log, log],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', XDG_CONFIG_HOME: path.join(dir, 'config'), TMPDIR: tmp, FIREBASE_CLI_EXPERIMENTS: '' },
  });
  fs.closeSync(log);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    if (logSaysReady(logFile, logStart) && (await isAuthEmulator(port))) return { child, hubPort };
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  return null;
}

/** Asks the emulator hub to write the accounts to `dir` (it swaps in a complete export). */
async function exportAccounts(hubPort: number, dir: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${hubPort}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: dir, initiatedBy: 'truyen-audio-launcher', targets: ['auth'] }),
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw new Error(`the emulator hub answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}

/**
 * Runs the Auth emulator for `projectId` on `port`, or reuses one already answering there. One
 * it started is started again when it dies (scripts/launch/keepRunning.ts), with the accounts of
 * its last export.
 */
export async function ensureAuthEmulator(port: number, projectId: string, workDir: string, persist?: PersistOptions): Promise<AuthEmulator> {
  const host = `127.0.0.1:${port}`;
  if ((await isPortOpen(port)) && (await isAuthEmulator(port))) return { host, started: false, stop: async () => {} };
  await assertPortFree(port, 'AUTH_EMULATOR_PORT');
  const dir = path.resolve(workDir);
  const logFile = path.join(dir, 'emulator.log');
  fs.mkdirSync(dir, { recursive: true });
  // The hub creates the export directory itself, but not its parents.
  if (persist) fs.mkdirSync(path.dirname(persist.dir), { recursive: true });
  let hubPort = 0;
  const emulator = await keepRunning({
    name: 'The Firebase Auth emulator',
    async start() {
      // A port picked free may be taken by the time the emulator binds it: then again, on others.
      for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
        const started = await startOnce(port, projectId, dir, persist);
        if (started) {
          hubPort = started.hubPort;
          return started.child;
        }
      }
      throw new Error(`it did not answer on port ${port}; see ${logFile}`);
    },
    // SIGINT once: the emulator exports its accounts first (a second signal would skip that).
    stop: (child) => stopProcess(child, 'SIGINT', STOP_GRACE_MS),
  }).catch(() => {
    throw new LaunchError(`The Firebase Auth emulator did not start on port ${port}; see ${logFile}.`);
  });
  const save = (report: boolean) =>
    exportAccounts(hubPort, persist!.dir).catch((error: Error) => {
      if (report && emulator.current()) console.error(`The Auth emulator's accounts could not be saved: ${error.message}.`);
    });
  const timer = persist ? setInterval(() => void save(true), persist.exportEveryMs) : undefined;
  return {
    host,
    started: true,
    async stop() {
      clearInterval(timer);
      // Saved before the signal: a Ctrl-C in a terminal reaches the emulator too, and ours then
      // makes it exit without its own export (which, when it had time, saved them as well).
      if (persist && emulator.current()) await save(false);
      await emulator.stop();
    },
  };
}
