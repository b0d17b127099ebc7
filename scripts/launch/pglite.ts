import fs from 'node:fs';
import path from 'node:path';
import { spawnChild } from './children';
import { assertPortFree, isPortOpen, waitForPort } from './ports';

interface ServerState {
  pid: number;
  port: number;
  dataDir: string;
}

// The package does not export its server script, so it is found beside the package's manifest.
const SERVER_SCRIPT = path.join(process.cwd(), 'node_modules', '@electric-sql', 'pglite-socket', 'dist', 'scripts', 'server.js');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readState(file: string): ServerState | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ServerState;
  } catch {
    return null;
  }
}

export function databaseUrlFor(port: number): string {
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/**
 * Serves the embedded PGlite database on loopback, or reuses the server another launcher
 * already runs for the same data directory: PGlite has no file lock, so only one process may
 * ever open the directory.
 */
export async function ensurePglite(dataDir: string, port: number): Promise<{ url: string; started: boolean }> {
  const absolute = path.resolve(dataDir);
  const stateFile = `${absolute}.server.json`;
  const state = readState(stateFile);
  if (state && state.dataDir === absolute && isAlive(state.pid) && (await isPortOpen(state.port))) {
    return { url: databaseUrlFor(state.port), started: false };
  }
  await assertPortFree(port, 'PGLITE_PORT');
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  const child = spawnChild(
    process.execPath,
    [SERVER_SCRIPT, `--db=${absolute}`, `--port=${port}`, '--host=127.0.0.1', '--extensions=pg_trgm,unaccent', '--max-connections=10'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  child.once('exit', () => {
    if (readState(stateFile)?.pid === child.pid) fs.rmSync(stateFile, { force: true });
  });
  await waitForPort(port, 'The embedded database (PGlite)', 180_000);
  fs.writeFileSync(stateFile, JSON.stringify({ pid: child.pid ?? 0, port, dataDir: absolute } satisfies ServerState));
  return { url: databaseUrlFor(port), started: true };
}
