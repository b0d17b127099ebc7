import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureAuthEmulator, type AuthEmulator } from '@/scripts/launch/authEmulator';
import { freePort } from '@/scripts/launch/freePort';
import { isAlive, waitUntil } from '../helpers/processes';

/**
 * The Auth emulator as the launcher and the test harness run it: every port it opens is picked
 * free by us (two started at the same moment for one project do not race for the hub's 4400),
 * and with a place to keep them, its accounts outlive it, a crash included.
 */

jest.setTimeout(180_000);

const PROJECT_ID = 'demo-truyen-audio-ports';
const KEPT_READERS = 30_000;

interface EmulatorConfig {
  emulators: { auth: { port: number }; hub: { port: number }; logging: { port: number } };
}

async function account(host: string, endpoint: 'signUp' | 'signInWithPassword', email: string) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${endpoint}?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'mat-khau-123', returnSecureToken: true }),
  });
  return { status: response.status, body: (await response.json()) as { localId?: string } };
}

describe('the Auth emulator', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'truyen-emulator-'));
  const running: AuthEmulator[] = [];
  afterAll(async () => {
    await Promise.all(running.map((emulator) => emulator.stop()));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('starts twice at once for one project, each on hub and logging ports of its own', async () => {
    const dirs = [path.join(root, 'a'), path.join(root, 'b')];
    const ports = [await freePort(), await freePort()];
    running.push(...(await Promise.all(dirs.map((dir, i) => ensureAuthEmulator(ports[i], PROJECT_ID, dir)))));
    const configs = dirs.map((dir) => JSON.parse(fs.readFileSync(path.join(dir, 'firebase.json'), 'utf8')) as EmulatorConfig);
    const used = configs.flatMap(({ emulators }) => [emulators.auth.port, emulators.hub.port, emulators.logging.port]);
    expect(new Set(used).size).toBe(6);
    expect(used).not.toContain(4400);
    for (const [i, { emulators }] of configs.entries()) {
      // The hub answers where its configuration put it, and nothing fell back to another port.
      const hub = (await (await fetch(`http://127.0.0.1:${emulators.hub.port}/`)).json()) as { port: number };
      expect(hub.port).toBe(emulators.hub.port);
      expect(fs.readFileSync(path.join(dirs[i], 'emulator.log'), 'utf8')).not.toContain('unable to start on port');
    }
    expect((await account(running[0].host, 'signUp', 'mot@example.com')).status).toBe(200);
    // Separate emulators: an account of one is unknown to the other.
    expect((await account(running[1].host, 'signInWithPassword', 'mot@example.com')).status).toBe(400);
  });

  it('keeps its accounts across a stop and a start when given a place for them', async () => {
    const persist = { dir: path.join(root, 'accounts'), exportEveryMs: 60_000 };
    const port = await freePort();
    const first = await ensureAuthEmulator(port, PROJECT_ID, path.join(root, 'kept'), persist);
    const signedUp = await account(first.host, 'signUp', 'con-lai@example.com');
    expect(signedUp.status).toBe(200);
    await first.stop();
    expect(fs.existsSync(path.join(persist.dir, 'firebase-export-metadata.json'))).toBe(true);

    // A site with many readers: their import takes a while after the auth port already answers.
    const saved = path.join(persist.dir, 'auth_export', 'accounts.json');
    const exported = JSON.parse(fs.readFileSync(saved, 'utf8')) as { users: Array<Record<string, unknown>> };
    const [reader] = exported.users;
    for (let i = 0; i < KEPT_READERS; i++) {
      exported.users.push({ ...reader, localId: `kept-reader-${i}`, email: `doc-gia-${i}@example.com`, providerUserInfo: [] });
    }
    fs.writeFileSync(saved, JSON.stringify(exported));

    const second = await ensureAuthEmulator(port, PROJECT_ID, path.join(root, 'kept'), persist);
    running.push(second);
    const last = await account(second.host, 'signInWithPassword', `doc-gia-${KEPT_READERS - 1}@example.com`);
    expect(last.status).toBe(200);
    expect(last.body.localId).toBe(`kept-reader-${KEPT_READERS - 1}`);
    const signedIn = await account(second.host, 'signInWithPassword', 'con-lai@example.com');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.localId).toBe(signedUp.body.localId);
  });

  it('is started again with the accounts it last saved when it dies', async () => {
    const dir = path.join(root, 'crashing');
    const persist = { dir: path.join(root, 'crashing-accounts'), exportEveryMs: 1_000 };
    const emulator = await ensureAuthEmulator(await freePort(), PROJECT_ID, dir, persist);
    running.push(emulator);
    const { body: created } = await account(emulator.host, 'signUp', 'sau-su-co@example.com');
    const saved = path.join(persist.dir, 'auth_export', 'accounts.json');
    await waitUntil(() => fs.existsSync(saved) && fs.readFileSync(saved, 'utf8').includes('sau-su-co@example.com'), 20_000);

    // The emulator's hub names its process in its locator file.
    const locator = JSON.parse(fs.readFileSync(path.join(dir, 'tmp', `hub-${PROJECT_ID}.json`), 'utf8')) as { pid: number };
    process.kill(locator.pid, 'SIGKILL');
    await waitUntil(() => !isAlive(locator.pid), 10_000);
    let signedIn = { status: 0, body: {} as { localId?: string } };
    const deadline = Date.now() + 90_000;
    while (signedIn.status !== 200 && Date.now() < deadline) {
      signedIn = await account(emulator.host, 'signInWithPassword', 'sau-su-co@example.com').catch(() => signedIn);
      if (signedIn.status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.localId).toBe(created.localId);
  });
});
