import fs from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { isPostgresProcess, moveAside, readPidFile } from './embeddedPostgres';
import { LaunchError } from './ports';
import { serverUser } from './postmaster';
import { extractTar } from './tarArchive';

/**
 * Puts a backup (scripts/launch/backup.ts) in place of a stopped embedded database's data
 * directory. The directory it replaces is moved aside, never deleted; the server replays the
 * backup's WAL at its next start.
 */

export interface RestoreReport {
  files: number;
  /** Where the data directory that was there before went. */
  movedTo?: string;
}

/** Gives the tree to the server's user (root runs it as `postgres`), owner-only as PostgreSQL requires. */
function handOver(dir: string, user: { uid: number; gid: number } | undefined): void {
  fs.chmodSync(dir, 0o700);
  if (user) fs.chownSync(dir, user.uid, user.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) handOver(target, user);
    else if (user) fs.chownSync(target, user.uid, user.gid);
  }
}

export async function restoreBackup(file: string, dataDir: string): Promise<RestoreReport> {
  if (!fs.existsSync(file)) throw new LaunchError(`No backup at ${file}.`);
  const running = readPidFile(dataDir);
  if (running && isPostgresProcess(running.pid)) {
    throw new LaunchError(`The embedded database in ${dataDir} is running (process ${running.pid}): stop the site (and npm run db) first, then restore.`);
  }
  const movedTo = fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0 ? moveAside(dataDir, 'before-restore') : undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    const files = await extractTar(fs.createReadStream(file).pipe(createGunzip()), dataDir);
    if (!fs.existsSync(path.join(dataDir, 'backup_label'))) throw new LaunchError(`${file} is not a backup of npm run db:backup (it has no backup_label).`);
    handOver(dataDir, serverUser());
    return { files, movedTo };
  } catch (error) {
    // Nothing half-restored is left where the next start would open it.
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (movedTo) fs.renameSync(movedTo, dataDir);
    throw error instanceof LaunchError ? error : new LaunchError(`The backup ${file} could not be restored: ${error instanceof Error ? error.message : error}.`);
  }
}
