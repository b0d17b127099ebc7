/**
 * The app as end-to-end tests use it: `npm start` on the embedded defaults, with its own ports,
 * a fresh data directory and its own auth emulator project, so a developer's own data is never
 * touched.
 */
import fs from 'node:fs';
import { spawn } from 'node:child_process';

export const E2E = {
  port: Number(process.env.E2E_PORT || 3100),
  authPort: Number(process.env.E2E_AUTH_EMULATOR_PORT || 9299),
  /** The fixture copies of the source sites, started by the embedding journeys. */
  fixturePort: Number(process.env.E2E_FIXTURE_PORT || 4565),
  projectId: 'demo-truyen-audio-e2e',
};

if (require.main === module) {
  const dataRoot = `.data/e2e-${E2E.port}`;
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
    },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 1));
}
