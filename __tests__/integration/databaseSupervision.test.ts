import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { readPidFile, scratchDataDir } from '@/scripts/launch/embeddedPostgres';
import { launcherEnv, startLauncher, stopLauncher, waitForOutput, type LauncherRun } from '../helpers/launcher';
import { isAlive } from '../helpers/processes';

/**
 * The embedded PostgreSQL under the launcher (`npm run db`, as under `npm start`): killed, it is
 * started again with back-off, and a client that was using it (a site process's pool) writes
 * again without being restarted.
 */

jest.setTimeout(180_000);

const RECOVERY_LIMIT_MS = 30_000;

describe('the embedded PostgreSQL under the launcher', () => {
  let root: string;
  let dataDir: string;
  let launcher: LauncherRun;
  let pool: Pool;

  /** Inserts one row; resolves true once the server acknowledged it. */
  const write = (id: number) =>
    pool.query('insert into supervision_probe (id) values ($1)', [id]).then(
      () => true,
      () => false,
    );

  /**
   * Kills the server, waits for the launcher to start it again (a backend of the killed server
   * may still commit for a moment, so a write alone proves nothing), then writes until one is
   * acknowledged; returns how long that took from the kill.
   */
  const killAndWriteAgain = async (id: number, restarts: number) => {
    process.kill(readPidFile(dataDir)!.pid, 'SIGKILL');
    const killedAt = Date.now();
    await waitForOutput(launcher, `${restarts} restart${restarts === 1 ? '' : 's'} since the launcher started`, RECOVERY_LIMIT_MS);
    while (!(await write(id))) {
      if (Date.now() - killedAt > RECOVERY_LIMIT_MS) throw new Error(`no write acknowledged within ${RECOVERY_LIMIT_MS} ms:\n${launcher.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return Date.now() - killedAt;
  };

  beforeAll(async () => {
    dataDir = scratchDataDir('supervised');
    root = path.dirname(dataDir);
    launcher = startLauncher(['db'], launcherEnv({ EMBEDDED_PG_DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0' }));
    await waitForOutput(launcher, 'Ctrl-C stops it.', 120_000);
    const url = (name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(launcher.output())![1];
    // The owner creates the table; the site's pool, as the site's role, writes to it.
    const owner = new Pool({ connectionString: url('DATABASE_OWNER_URL'), max: 1 });
    await owner.query('create table supervision_probe (id int primary key)');
    await owner.end();
    pool = new Pool({ connectionString: url('DATABASE_URL'), max: 4, connectionTimeoutMillis: 2_000 });
    // The pool reports a dropped idle connection; the site's logs it, and so must this one.
    pool.on('error', () => {});
  });

  afterAll(async () => {
    await pool.end();
    await stopLauncher(launcher);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('starts a killed server again, and the same client writes again within 30 s', async () => {
    expect(await write(1)).toBe(true);
    const killed = readPidFile(dataDir)!.pid;
    const tookMs = await killAndWriteAgain(2, 1);
    expect(tookMs).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(readPidFile(dataDir)!.pid).not.toBe(killed);
    expect(launcher.output()).toContain(`The embedded PostgreSQL (pid ${killed}) exited unexpectedly (signal SIGKILL); starting it again in 1 s.`);
    expect(launcher.output()).toMatch(/The embedded PostgreSQL is running again \(pid \d+; 1 restart since the launcher started\)\./);
    // Every write acknowledged before the kill survived it (crash recovery).
    const { rows } = await pool.query<{ id: number }>('select id from supervision_probe order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('waits longer before each restart when the server keeps dying', async () => {
    await killAndWriteAgain(3, 2);
    expect(launcher.output()).toMatch(/exited unexpectedly \(signal SIGKILL\); starting it again in 2 s\./);
  });

  it('stops for good on SIGTERM: the server is not started again', async () => {
    const server = readPidFile(dataDir)!.pid;
    expect(await stopLauncher(launcher)).toBe(143);
    expect(isAlive(server)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
    expect(launcher.output().match(/exited unexpectedly/g)).toHaveLength(2);
  });
});
