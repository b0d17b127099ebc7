import fs from 'node:fs';
import path from 'node:path';
import { readPidFile, scratchDataDir } from '@/scripts/launch/embeddedPostgres';
import { freePort } from '@/scripts/launch/freePort';
import { launcherEnv, startLauncher, stopLauncher, waitForOutput, type LauncherRun } from '../helpers/launcher';
import { isAlive, waitUntil } from '../helpers/processes';

/**
 * `npm start` on one machine as an operator runs it: the embedded PostgreSQL killed comes back and
 * the same site process writes again; a site process killed is replaced while the database stays
 * up; a demo account made before a restart of the launcher still signs in after it.
 */

jest.setTimeout(240_000);

const RECOVERY_LIMIT_MS = 30_000;
const PROJECT_ID = 'demo-truyen-audio-supervision';

interface Health {
  status: string;
  restarts: { since: string; database: number | null; site: number } | null;
}

describe('npm start under supervision', () => {
  let root: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let origin: string;
  let authOrigin: string;
  let launcher: LauncherRun;

  const start = async () => {
    launcher = startLauncher(['start'], env);
    await waitForOutput(launcher, '✓ Ready on', 180_000);
  };
  const health = async () => {
    const response = await fetch(`${origin}/api/health`);
    return { status: response.status, body: (await response.json()) as Health };
  };
  const emulator = async (endpoint: string, body: object) => {
    const response = await fetch(`${authOrigin}/identitytoolkit.googleapis.com/v1/accounts:${endpoint}?key=any`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    });
    return { status: response.status, body: (await response.json()) as { idToken?: string; localId?: string } };
  };
  const saveBookmark = async (token: string, storyId: number) =>
    (
      await fetch(`${origin}/api/user/web/bookmark`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ _id: storyId, save: true, chapter: 1, time: Date.now() }),
      }).catch(() => null)
    )?.status ?? 0;

  beforeAll(async () => {
    dataDir = scratchDataDir('supervision');
    root = path.dirname(dataDir);
    const [port, authPort] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${port}`;
    authOrigin = `http://127.0.0.1:${authPort}`;
    env = launcherEnv({
      EMBEDDED_PG_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_EMULATOR_PORT: String(authPort),
      AUTH_EMULATOR_EXPORT_SECONDS: '2',
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT_ID,
    });
    await start();
  });

  afterAll(async () => {
    await stopLauncher(launcher);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('starts the killed database again and the same site process acknowledges writes within 30 s', async () => {
    const { body: account } = await emulator('signUp', { email: 'ban-doc@example.com', password: 'mat-khau-123' });
    expect(await saveBookmark(account.idToken!, 1)).toBe(200);
    const before = readPidFile(dataDir)!;

    process.kill(before.pid, 'SIGKILL');
    const killedAt = Date.now();
    // A backend of the killed server may still commit for a moment: only writes after the restart count.
    await waitForOutput(launcher, '1 restart since the launcher started', RECOVERY_LIMIT_MS);
    let status = 0;
    while (status !== 200 && Date.now() - killedAt < RECOVERY_LIMIT_MS) {
      status = await saveBookmark(account.idToken!, 2);
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect(Date.now() - killedAt).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(launcher.output()).toMatch(/The embedded PostgreSQL \(pid \d+\) exited unexpectedly \(signal SIGKILL\); starting it again in 1 s\./);
    expect(readPidFile(dataDir)!.pid).not.toBe(before.pid);
    // The same site process: it was never replaced, and it counts the database's restart.
    const { body } = await health();
    expect(body.restarts).toMatchObject({ database: 1, site: 0 });
    expect(launcher.output().match(/✓ Ready on/g)).toHaveLength(1);
  });

  it('replaces a killed site process within 30 s while the database keeps running, serving while it warms up', async () => {
    const sitePid = Number(/✓ Ready on \S+ \(process (\d+)/.exec(launcher.output())![1]);
    const database = readPidFile(dataDir)!.pid;
    process.kill(sitePid, 'SIGKILL');
    const killedAt = Date.now();
    await waitUntil(() => (launcher.output().match(/✓ Ready on/g) ?? []).length === 2, RECOVERY_LIMIT_MS);
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(Date.now() - killedAt).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(body.restarts).toMatchObject({ database: 1, site: 1 });
    // No other process serves meanwhile, so the new one listened before its warm-up, not after.
    const successor = Number([...launcher.output().matchAll(/✓ Ready on \S+ \(process (\d+)/g)][1][1]);
    expect(launcher.output()).toMatch(new RegExp(`✓ Ready on \\S+ \\(process ${successor}, \\d+ requests at once; no other site process serves, so it warms up while it serves\\)`));
    await waitForOutput(launcher, new RegExp(`✓ Warm in \\d+ ms \\(process ${successor}:`), 60_000);
    const output = launcher.output();
    expect(output.indexOf(`(process ${successor}, `)).toBeLessThan(output.indexOf(`(process ${successor}: `));
    expect(readPidFile(dataDir)!.pid).toBe(database);
    expect(launcher.child.exitCode).toBeNull();
    expect((await fetch(`${origin}/`)).status).toBe(200);
  });

  it('keeps a demo account across a restart of the launcher', async () => {
    const { status, body: account } = await emulator('signUp', { email: 'khach-moi@example.com', password: 'mat-khau-456' });
    expect(status).toBe(200);
    // Saved every AUTH_EMULATOR_EXPORT_SECONDS, not only at a clean stop.
    const accounts = path.join(root, 'auth-accounts', PROJECT_ID, 'auth_export', 'accounts.json');
    await waitUntil(() => fs.existsSync(accounts) && fs.readFileSync(accounts, 'utf8').includes('khach-moi@example.com'), 20_000);

    const database = readPidFile(dataDir)!.pid;
    expect(await stopLauncher(launcher)).toBe(143);
    expect(isAlive(database)).toBe(false);
    await start();

    const signedIn = await emulator('signInWithPassword', { email: 'khach-moi@example.com', password: 'mat-khau-456' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.localId).toBe(account.localId);
    expect(await saveBookmark(signedIn.body.idToken!, 3)).toBe(200);
    const { body } = await health();
    expect(body.restarts).toMatchObject({ database: 0, site: 0 });
  });
});
