import fs from 'node:fs';
import path from 'node:path';
import { readPidFile, scratchDataDir } from '@/scripts/launch/embeddedPostgres';
import { freePort } from '@/scripts/launch/freePort';
import { launcherEnv, startLauncher, stopLauncher, waitForOutput, type LauncherRun } from '../helpers/launcher';
import { isAlive, waitUntil } from '../helpers/processes';

/** `npm run start:cluster`: a worker that dies is replaced while the database and the other worker stay up. */

jest.setTimeout(240_000);

describe('npm run start:cluster under supervision', () => {
  let root: string;
  let launcher: LauncherRun;
  afterAll(async () => {
    if (launcher) await stopLauncher(launcher);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('replaces a killed worker within 30 s, counts it in health, serves at once when none is left, and stops everything on SIGTERM', async () => {
    const dataDir = scratchDataDir('cluster-supervision');
    root = path.dirname(dataDir);
    const port = await freePort();
    launcher = startLauncher(
      ['start-cluster'],
      launcherEnv({ EMBEDDED_PG_DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0', PORT: String(port), HOST: '127.0.0.1', AUTH_EMULATOR_PORT: String(await freePort()), WEB_CONCURRENCY: '2' }),
    );
    const ready = () => [...launcher.output().matchAll(/✓ Ready on \S+ \(process (\d+)/g)].map((match) => Number(match[1]));
    await waitForOutput(launcher, 'Starting 2 site processes', 180_000);
    await waitUntil(() => ready().length === 2, 120_000);
    const database = readPidFile(dataDir)!.pid;

    const [victim, survivor] = ready();
    process.kill(victim, 'SIGKILL');
    const killedAt = Date.now();
    await waitUntil(() => ready().length === 3, 30_000);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(launcher.output()).toContain(`Site process ${victim} exited (SIGKILL); starting another in 1 s.`);
    // The primary counts the new worker once it listens, which it learns a moment after the worker's log line.
    let restarts: unknown;
    for (let tries = 0; tries < 20; tries++) {
      ({ restarts } = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { restarts: unknown });
      if ((restarts as { site?: number }).site === 1) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(restarts).toMatchObject({ database: 0, site: 1 });
    expect(isAlive(survivor)).toBe(true);
    expect(readPidFile(dataDir)!.pid).toBe(database);

    // With no worker left serving, the first replacement listens at once and warms up while it serves.
    const alive = ready().filter((pid) => isAlive(pid));
    for (const pid of alive) process.kill(pid, 'SIGKILL');
    const serveFirst = /✓ Ready on \S+ \(process (\d+), \d+ requests at once; no other site process serves/;
    await waitForOutput(launcher, serveFirst, 60_000);
    const first = Number(serveFirst.exec(launcher.output())![1]);
    expect(alive).not.toContain(first);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await waitForOutput(launcher, new RegExp(`✓ Warm in \\d+ ms \\(process ${first}:`), 60_000);
    const output = launcher.output();
    expect(output.indexOf(`(process ${first}, `)).toBeLessThan(output.indexOf(`(process ${first}: `));

    expect(await stopLauncher(launcher)).toBe(143);
    expect(isAlive(database)).toBe(false);
    expect(ready().every((pid) => !isAlive(pid))).toBe(true);
  });
});
