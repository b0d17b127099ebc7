import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { scratchDataDir } from '@/scripts/launch/embeddedPostgres';
import { launcherEnv, startLauncher, stopLauncher, waitForOutput, type LauncherRun } from '../helpers/launcher';

/**
 * `npm run db:backup` while the database takes writes, then `npm run db:restore` into a fresh
 * data directory: every row acknowledged before the backup began is in the restored database.
 */

jest.setTimeout(240_000);

const WRITERS = 4;

/** `npm run db` on `dataDir`, with a pool as the owner (it creates a table) and as the site's role. */
async function runDatabase(dataDir: string): Promise<{ launcher: LauncherRun; pool: Pool; site: Pool }> {
  const launcher = startLauncher(['db'], launcherEnv({ EMBEDDED_PG_DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0' }));
  await waitForOutput(launcher, 'Ctrl-C stops it.', 120_000);
  const url = (name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(launcher.output())![1];
  const pool = new Pool({ connectionString: url('DATABASE_OWNER_URL'), max: WRITERS + 1 });
  const site = new Pool({ connectionString: url('DATABASE_URL'), max: 1 });
  // pool.end() resolves before its clients' connections have closed: the server stopped right
  // after may still tell one of them it is shutting down, which is no failure of the backup.
  pool.on('error', () => {});
  site.on('error', () => {});
  return { launcher, pool, site };
}

async function command(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const run = startLauncher(args, launcherEnv({ EMBEDDED_PG_DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0' }));
  const code = await run.exited;
  return { code, output: run.output() };
}

describe('npm run db:backup and db:restore', () => {
  let root: string;
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('restores on a fresh data directory every row acknowledged before the backup began', async () => {
    const dataDir = scratchDataDir('backup');
    root = path.dirname(dataDir);
    const file = path.join(root, 'backups', 'under-writes.tar.gz');
    const source = await runDatabase(dataDir);
    await source.pool.query('create table backup_probe (id int primary key, note text not null)');

    const acknowledged: number[] = [];
    let next = 0;
    let writing = true;
    const writer = async () => {
      while (writing) {
        const id = ++next;
        await source.pool.query('insert into backup_probe values ($1, $2)', [id, `dòng ${id}`]);
        acknowledged.push(id);
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    while (acknowledged.length < 500) await new Promise((r) => setTimeout(r, 20));

    const beforeBackup = [...acknowledged];
    const backup = await command(['backup', file], dataDir);
    const duringBackup = acknowledged.length - beforeBackup.length;
    writing = false;
    await Promise.all(writers);
    expect(backup.output).toMatch(/^Backup written to .*under-writes\.tar\.gz \([\d.]+ MB, \d+ files, WAL \S+ to \S+, [\d.]+ s\)\.$/m);
    expect(backup.code).toBe(0);
    // The backup ran while the database took writes.
    expect(duringBackup).toBeGreaterThan(0);

    // A running database is never overwritten.
    const refused = await command(['restore', file], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is running');
    await Promise.all([source.pool.end(), source.site.end()]);
    expect(await stopLauncher(source.launcher)).toBe(143);

    const freshDir = path.join(root, 'restored', 'pg');
    const restored = await command(['restore', file], freshDir);
    expect(restored.output).toMatch(/Restored \d+ files from .* into .*restored\/pg; the database is consistent and has \d+ tables\./);
    expect(restored.code).toBe(0);

    const copy = await runDatabase(freshDir);
    try {
      const { rows } = await copy.pool.query<{ id: number; note: string }>('select id, note from backup_probe');
      const ids = new Set(rows.map((row) => row.id));
      expect(beforeBackup.filter((id) => !ids.has(id))).toEqual([]);
      expect(rows.find((row) => row.id === beforeBackup[0])?.note).toBe(`dòng ${beforeBackup[0]}`);
      // The demo catalogue the launcher seeded came along too, and the site's role still reads it.
      const { rows: chapters } = await copy.site.query<{ count: number }>('select count(*)::int as count from chapters');
      expect(chapters[0].count).toBeGreaterThan(1_000);
    } finally {
      await Promise.all([copy.pool.end(), copy.site.end()]);
      await stopLauncher(copy.launcher);
    }
  });
});
