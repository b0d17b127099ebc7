import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { Client } from 'pg';
import { tarWriter, type TarWriter } from './tarArchive';

/**
 * A backup of the embedded PostgreSQL while it runs, through PostgreSQL's own backup API (the
 * embedded package ships no pg_dump or pg_basebackup): pg_backup_start, a copy of the data
 * directory, pg_backup_stop, then the WAL written meanwhile, which a temporary replication slot
 * keeps from being recycled. Restored (scripts/launch/restore.ts), the server replays that WAL
 * and holds every transaction committed before pg_backup_stop: a consistent copy, taken without
 * stopping the site.
 */

/**
 * What pg_basebackup leaves out: runtime state that a starting server rebuilds. postmaster.opts
 * stays: the launcher takes a data directory without it for one of the PGlite era.
 */
const SKIPPED_DIRECTORY_CONTENTS = new Set(['pg_wal', 'pg_stat_tmp', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);
const SKIPPED_FILES = new Set(['postmaster.pid', 'pg_internal.init', 'backup_label', 'tablespace_map', 'current_logfiles', 'postgresql.auto.conf.tmp']);

export interface BackupReport {
  file: string;
  bytes: number;
  files: number;
  startLsn: string;
  stopLsn: string;
}

async function copyTree(tar: TarWriter, root: string, relative: string): Promise<number> {
  let count = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    // A directory dropped while the copy ran (a dropped database): the WAL replays the drop.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.name.startsWith('pgsql_tmp')) continue;
    if (entry.isDirectory()) {
      await tar.directory(name);
      if (!SKIPPED_DIRECTORY_CONTENTS.has(name)) count += await copyTree(tar, root, name);
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name)) {
      if (await tar.file(name, path.join(root, name))) count += 1;
    }
  }
  return count;
}

/** The WAL segments from the backup's start to its stop (names order as positions on one timeline). */
function walSegments(dataDir: string, first: string, last: string): string[] {
  return fs
    .readdirSync(path.join(dataDir, 'pg_wal'))
    .filter((name) => /^[0-9A-F]{24}$/.test(name) && name >= first && name <= last)
    .sort();
}

/** Writes a backup of the server at `url`, whose data directory is `dataDir`, to `file` (a .tar.gz). */
export async function writeBackup(dataDir: string, url: string, file: string): Promise<BackupReport> {
  const client = new Client({ connectionString: url, application_name: 'truyen-audio-backup' });
  await client.connect();
  const partial = `${file}.partial`;
  try {
    // Keeps every WAL segment from now on until this session ends.
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [`truyen_backup_${process.pid}`]);
    const start = await client.query<{ lsn: string; segment: string }>(
      'select lsn::text, pg_walfile_name(lsn) as segment from pg_backup_start($1, true) as lsn',
      [`truyen-audio ${new Date().toISOString()}`],
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const gzip = createGzip();
    const written = gzip.pipe(fs.createWriteStream(partial));
    const tar = tarWriter(gzip);
    let files = await copyTree(tar, dataDir, '');
    const stop = await client.query<{ lsn: string; segment: string; labelfile: string; spcmapfile: string }>(
      'select lsn::text, pg_walfile_name(lsn) as segment, labelfile, spcmapfile from pg_backup_stop(false)',
    );
    const { labelfile, spcmapfile } = stop.rows[0];
    await tar.buffer('backup_label', Buffer.from(labelfile));
    if (spcmapfile) await tar.buffer('tablespace_map', Buffer.from(spcmapfile));
    for (const segment of walSegments(dataDir, start.rows[0].segment, stop.rows[0].segment)) {
      if (await tar.file(`pg_wal/${segment}`, path.join(dataDir, 'pg_wal', segment))) files += 1;
    }
    await tar.end();
    if (!written.writableFinished) await once(written, 'finish');
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, files, startLsn: start.rows[0].lsn, stopLsn: stop.rows[0].lsn };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}
