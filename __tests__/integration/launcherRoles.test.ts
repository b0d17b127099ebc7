import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { scratchDataDir } from '@/scripts/launch/embeddedPostgres';
import { launcherEnv, startLauncher, stopLauncher, waitForOutput, type LauncherRun } from '../helpers/launcher';

/**
 * The launcher's two database roles on the embedded PostgreSQL: it migrates as the owner and hands
 * the site, the jobs and the operator commands the application role, whose password it keeps in
 * the data directory; a restart keeps it, and a data directory of an earlier version (no such role
 * yet) gets it at its next start.
 */

jest.setTimeout(240_000);

interface Database {
  launcher: LauncherRun;
  site: string;
  owner: string;
}

async function runDatabase(dataDir: string): Promise<Database> {
  const launcher = startLauncher(['db'], launcherEnv({ EMBEDDED_PG_DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0' }));
  await waitForOutput(launcher, 'Ctrl-C stops it.', 150_000);
  const line = (name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(launcher.output())![1];
  return { launcher, site: line('DATABASE_URL'), owner: line('DATABASE_OWNER_URL') };
}

async function asClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What the site's connection is, and whether it can get at the audit log's protection. */
function siteRole(url: string) {
  return asClient(url, async (client) => {
    const { rows } = await client.query<{ role: string; superuser: boolean }>('select current_user as role, rolsuper as superuser from pg_roles where rolname = current_user');
    const refused = async (statement: string) => client.query(statement).then(() => 'done', (error: Error) => error.message);
    return {
      ...rows[0],
      disableTrigger: await refused('ALTER TABLE audit_log DISABLE TRIGGER ALL'),
      replicationMode: await refused('SET session_replication_role = replica'),
      deleteLog: await refused('DELETE FROM audit_log'),
    };
  });
}

const CONFINED = {
  role: 'truyen_app',
  superuser: false,
  disableTrigger: 'must be owner of table audit_log',
  replicationMode: 'permission denied to set parameter "session_replication_role"',
  deleteLog: 'permission denied for table audit_log',
};

describe('the launcher\'s database roles', () => {
  let root: string;
  let running: Database | undefined;
  afterAll(async () => {
    if (running) await stopLauncher(running.launcher);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('connects the site and the operator commands as the application role, across restarts and upgrades', async () => {
    const dataDir = scratchDataDir('roles');
    root = path.dirname(dataDir);
    running = await runDatabase(dataDir);
    const first = running;
    expect(new URL(first.site).username).toBe('truyen_app');
    expect(new URL(first.owner).username).toBe('postgres');
    const passwordFile = path.join(dataDir, 'truyen-app-role.json');
    expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
    expect(await siteRole(first.site)).toEqual(CONFINED);

    // An operator command (a second launcher on the running server) writes through the same role.
    const slug = await asClient(first.site, async (client) => (await client.query<{ slug: string }>('select slug from stories order by id limit 1')).rows[0].slug);
    const hide = startLauncher(['story', 'hide', slug, 'thử quyền'], launcherEnv({ EMBEDDED_PG_DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0' }));
    expect(await hide.exited).toBe(0);
    expect(hide.output()).toContain(`Đã ẩn truyện ${slug}`);
    const audit = await asClient(first.owner, async (client) => (await client.query("select actor_id, action, target_type from audit_log where target_type = 'story'")).rows);
    expect(audit).toEqual([{ actor_id: 'cli', action: expect.stringMatching(/hide/), target_type: 'story' }]);
    expect(await siteRole(first.site)).toEqual(CONFINED);

    // A restart: the same role and password.
    expect(await stopLauncher(first.launcher)).toBe(143);
    running = await runDatabase(dataDir);
    expect(running.site).toBe(first.site.replace(/:\d+\//, `:${new URL(running.site).port}/`));
    expect(await siteRole(running.site)).toEqual(CONFINED);

    // A data directory of an earlier version: no application role, no password file.
    await asClient(running.owner, async (client) => {
      await client.query('DROP OWNED BY truyen_app');
      await client.query('DROP ROLE truyen_app');
    });
    fs.rmSync(passwordFile);
    expect(await stopLauncher(running.launcher)).toBe(143);
    running = await runDatabase(dataDir);
    expect(fs.existsSync(passwordFile)).toBe(true);
    expect(await siteRole(running.site)).toEqual(CONFINED);
  });
});
