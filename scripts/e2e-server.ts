/**
 * The app as end-to-end tests use it: `npm start` on the embedded defaults, with its own ports,
 * a fresh data directory and its own auth emulator project, so a developer's own data is never
 * touched.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isPostgresProcess, readPidFile } from './launch/embeddedPostgres';

const FREE_PORT_SCRIPT = "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); })";

/**
 * The port named by `variable`, else one free now, kept in the environment: Playwright reads its
 * configuration synchronously, in the runner and again in each worker, which inherit the
 * runner's environment (as the web server does), so all of them agree on it. Free ports let test
 * runs and a running site share the machine.
 */
function portFromEnv(variable: string): number {
  process.env[variable] ||= execFileSync(process.execPath, ['-e', FREE_PORT_SCRIPT], { encoding: 'utf8' });
  return Number(process.env[variable]);
}

export const E2E = {
  port: portFromEnv('E2E_PORT'),
  authPort: portFromEnv('E2E_AUTH_EMULATOR_PORT'),
  /** The fixture copies of the source sites, started by the embedding journeys. */
  fixturePort: portFromEnv('E2E_FIXTURE_PORT'),
  projectId: 'demo-truyen-audio-e2e',
};

/** A run starting now has no database running yet: its directory is young. */
const STALE_AFTER_MS = 15 * 60_000;

/**
 * Data of earlier runs: Playwright stops its web server by killing its process group, so a run
 * never removes its own. A directory whose database no longer runs is left over.
 */
function removeStaleRuns(): void {
  for (const name of fs.existsSync('.data') ? fs.readdirSync('.data') : []) {
    const dir = path.join('.data', name);
    if (!/^e2e-\d+$/.test(name) || Date.now() - fs.statSync(dir).mtimeMs < STALE_AFTER_MS) continue;
    const server = readPidFile(path.join(dir, 'pg'));
    if (!(server && isPostgresProcess(server.pid))) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const dataRoot = `.data/e2e-${E2E.port}`;
  removeStaleRuns();
  fs.rmSync(dataRoot, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/launch.ts', 'start'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(E2E.port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: '0',
      EMBEDDED_PG_DATA_DIR: `${dataRoot}/pg`,
      AUTH_EMULATOR_PORT: String(E2E.authPort),
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: E2E.projectId,
      DATABASE_URL: '',
      JOBS_SECRET: process.env.JOBS_SECRET || 'e2e-jobs-secret',
      SOURCES_ALLOW_LOOPBACK: '1',
      SOURCES_FIXTURE_ORIGIN: `http://127.0.0.1:${E2E.fixturePort}`,
      SOURCES_NO_SPACING: '1',
      // The sources journey fails a source twice before the story moves to its next one.
      SOURCE_FAILOVER_AFTER: '2',
    },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 1));
}
