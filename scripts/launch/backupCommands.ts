import path from 'node:path';
import { Client } from 'pg';
import { writeBackup } from './backup';
import type { LaunchEnv } from './config';
import { ensureEmbeddedPostgres } from './embeddedPostgres';
import { LaunchError } from './ports';
import { restoreBackup } from './restore';

/** `npm run db:backup [FILE]` and `npm run db:restore FILE`, for the embedded database. */

function refuseExternal(config: LaunchEnv): void {
  if (config.DATABASE_URL) {
    throw new LaunchError('DATABASE_URL is set: back that PostgreSQL up with its provider\'s backups (or pg_dump); db:backup and db:restore are for the embedded database.');
  }
}

export async function backupCommand(config: LaunchEnv, argv: string[]): Promise<number> {
  refuseExternal(config);
  const dataDir = path.resolve(config.EMBEDDED_PG_DATA_DIR);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(argv[0] ?? path.join(path.dirname(dataDir), 'backups', `pg-${stamp}.tar.gz`));
  // The running server of this data directory (the site's), or one started for the backup.
  const server = await ensureEmbeddedPostgres(dataDir, config.EMBEDDED_PG_PORT);
  try {
    const started = Date.now();
    const report = await writeBackup(dataDir, server.url, file);
    const size = (report.bytes / 1024 / 1024).toFixed(1);
    console.log(`Backup written to ${report.file} (${size} MB, ${report.files} files, WAL ${report.startLsn} to ${report.stopLsn}, ${((Date.now() - started) / 1000).toFixed(1)} s).`);
    const shown = report.file.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), report.file) : report.file;
    console.log(`Restore it into a stopped data directory with: npm run db:restore ${shown}`);
  } finally {
    await server.stop();
  }
  return 0;
}

export async function restoreCommand(config: LaunchEnv, argv: string[]): Promise<number> {
  refuseExternal(config);
  if (!argv[0]) throw new LaunchError('usage: npm run db:restore FILE (a backup written by npm run db:backup)');
  const file = path.resolve(argv[0]);
  const dataDir = path.resolve(config.EMBEDDED_PG_DATA_DIR);
  const { files, movedTo } = await restoreBackup(file, dataDir);
  if (movedTo) console.log(`The data directory that was there was moved to ${movedTo}.`);
  // Started once here, so the WAL is replayed now and a broken backup shows now, not at the site's start.
  const server = await ensureEmbeddedPostgres(dataDir, 0);
  try {
    const client = new Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ tables: number }>("select count(*)::int as tables from pg_tables where schemaname = 'public'");
    await client.end();
    console.log(`Restored ${files} files from ${file} into ${dataDir}; the database is consistent and has ${rows[0].tables} tables.`);
  } finally {
    await server.stop();
  }
  return 0;
}
