import fs from 'node:fs';
import path from 'node:path';
import { scratchDataDir } from '@/scripts/launch/embeddedPostgres';
import { freePort } from '@/scripts/launch/freePort';
import { launcherEnv, startLauncher, stopLauncher, waitForOutput, type LauncherRun } from '../helpers/launcher';
import { isAlive, waitUntil } from '../helpers/processes';

/**
 * `npm run start:cluster`: a site process answers only once it is warm (its route modules loaded,
 * the hot pages rendered), and SIGUSR2 replaces the processes one at a time while readers keep
 * reading: a new process is warm and listening before an old one is told to stop, and no request
 * fails.
 */

jest.setTimeout(300_000);

interface Health {
  ready: { ready: boolean; warmUp: { modules: number; requests: number; failures: number } } | null;
}

describe('npm run start:cluster: ready means warm, rolling restarts', () => {
  let root: string;
  let launcher: LauncherRun;
  afterAll(async () => {
    if (launcher) await stopLauncher(launcher);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers only once warm, and replaces its processes one at a time without dropping a request', async () => {
    const dataDir = scratchDataDir('cluster-warm');
    root = path.dirname(dataDir);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    launcher = startLauncher(
      ['start-cluster'],
      launcherEnv({ EMBEDDED_PG_DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0', PORT: String(port), HOST: '127.0.0.1', AUTH_EMULATOR_PORT: String(await freePort()), WEB_CONCURRENCY: '2' }),
    );
    const lines = (pattern: RegExp) => [...launcher.output().matchAll(pattern)].map((match) => Number(match[1]));
    const warm = () => lines(/✓ Warm in \d+ ms \(process (\d+)/g);
    const ready = () => lines(/✓ Ready on \S+ \(process (\d+)/g);

    // Knock from the start: the first answer comes from a warm process, and says so.
    await waitForOutput(launcher, 'Starting 2 site processes', 180_000);
    let first: Health | undefined;
    while (!first && launcher.child.exitCode === null) {
      try {
        first = (await (await fetch(`${origin}/api/health`)).json()) as Health;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(first?.ready).toMatchObject({ ready: true, warmUp: { failures: 0 } });
    expect(first!.ready!.warmUp.modules).toBeGreaterThan(20);
    expect(first!.ready!.warmUp.requests).toBeGreaterThan(3);
    await waitUntil(() => ready().length === 2, 120_000);
    for (const pid of ready()) {
      const output = launcher.output();
      expect(output.indexOf(`✓ Warm in`)).toBeLessThan(output.indexOf(`✓ Ready on http://127.0.0.1:${port} (process ${pid}`));
      expect(warm()).toContain(pid);
    }
    const story = /data-testid="story-card"[^>]*href="(\/[^"]+)"/.exec(await (await fetch(origin)).text())?.[1] ?? '/';

    // Readers keep reading through the restart.
    const before = ready();
    const failures: string[] = [];
    let answered = 0;
    let reading = true;
    const reader = async (i: number) => {
      const paths = ['/', story, `${story}/chuong-1`, '/api/health', '/bang-xep-hang'];
      for (let n = i; reading; n++) {
        const url = `${origin}${paths[n % paths.length]}`;
        try {
          const response = await fetch(url);
          await response.arrayBuffer();
          if (response.status !== 200) failures.push(`${url}: ${response.status}`);
          else answered += 1;
        } catch (error) {
          failures.push(`${url}: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)}`);
        }
      }
    };
    const readers = Array.from({ length: 6 }, (_, i) => reader(i));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    launcher.child.kill('SIGUSR2');
    await waitUntil(() => lines(/serves in place of (\d+)/g).length === 2, 180_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    reading = false;
    await Promise.all(readers);

    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(50);
    const replaced = lines(/serves in place of (\d+)/g);
    expect(replaced.sort()).toEqual([...before].sort());
    expect(before.every((pid) => !isAlive(pid))).toBe(true);
    // One at a time: the first old process stopped only after its successor was ready.
    const output = launcher.output();
    const fresh = lines(/Rolling restart: process (\d+) serves/g);
    expect(output.indexOf(`(process ${fresh[0]}, `)).toBeLessThan(output.indexOf(`in place of ${replaced[0]}`));
    expect(output.indexOf(`in place of ${replaced[0]}`)).toBeLessThan(output.indexOf(`✓ Ready on http://127.0.0.1:${port} (process ${fresh[1]}`));
    expect(fresh.every((pid) => isAlive(pid))).toBe(true);
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  });
});
