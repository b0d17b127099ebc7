import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readPidFile, scratchDataDir } from '@/scripts/launch/embeddedPostgres';
import { freePort } from '@/scripts/launch/freePort';
import { isAlive, waitUntil } from '../helpers/processes';

/**
 * `npm start` as an operator stops it: SIGTERM to the launcher stops the site process, then the
 * embedded PostgreSQL it started, and only then exits. The site process's own exit must not cut
 * that short (it needs the production build, so it runs with the cluster tests).
 */

jest.setTimeout(180_000);

describe('npm start', () => {
  let root: string | undefined;
  afterAll(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('stops the site and then its database on SIGTERM, leaving no postgres process behind', async () => {
    const dataDir = scratchDataDir('start-stop');
    root = path.dirname(dataDir);
    const [port, authPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      EMBEDDED_PG_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_EMULATOR_PORT: String(authPort),
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    delete env.NODE_OPTIONS;
    delete env.FIREBASE_AUTH_EMULATOR_HOST;
    const launcher = spawn(process.execPath, ['--import', 'tsx', 'scripts/launch.ts', 'start'], { cwd: process.cwd(), env });
    let output = '';
    launcher.stdout.on('data', (chunk) => (output += chunk));
    launcher.stderr.on('data', (chunk) => (output += chunk));
    await waitUntil(() => output.includes('✓ Ready on') || launcher.exitCode !== null, 150_000);
    expect(launcher.exitCode).toBeNull();
    const database = readPidFile(dataDir);
    expect(database).not.toBeNull();
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => launcher.on('exit', resolve));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(143);
    // The launcher exits only once the database has stopped.
    expect(isAlive(database!.pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
