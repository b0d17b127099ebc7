import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { runMigrations } from '../../server/db/migrate';
import { prepareAppRole, roleOf, urlForRole, type AppRole } from '../../server/db/roles';
import type { LaunchEnv } from './config';

/**
 * Which URL each process gets (server/db/roles.ts): the migrations, backups and restores run as
 * the owner; the site processes, the jobs and the operator commands connect as the application
 * role. The embedded default's owner is its superuser `postgres`; its application role is created
 * by the launcher, with a password generated once and kept in the data directory (so a backup
 * carries it along, and a data directory of an earlier version gets the role at its next start).
 */

export const EMBEDDED_APP_ROLE = 'truyen_app';
const PASSWORD_FILE = 'truyen-app-role.json';

export interface DatabaseUrls {
  /** Runs the migrations. */
  owner: string;
  /** What the site processes and the operator commands connect with (DATABASE_URL). */
  site: string;
  /** The role set up after the migrations; none when one URL serves both (a DATABASE_URL alone). */
  appRole?: AppRole;
}

/** The application role's password for this data directory: read, or generated once and kept. */
export function embeddedAppPassword(dataDir: string): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  try {
    fs.writeFileSync(file, `${JSON.stringify({ role: EMBEDDED_APP_ROLE, password: randomBytes(24).toString('base64url') })}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another launcher of the same directory wrote it first, or an earlier start did.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { password: string }).password;
}

/** The embedded server's URLs: `ownerUrl` is its superuser's. */
export function embeddedUrls(dataDir: string, ownerUrl: string): DatabaseUrls {
  const appRole = { name: EMBEDDED_APP_ROLE, password: embeddedAppPassword(dataDir) };
  return { owner: ownerUrl, site: urlForRole(ownerUrl, appRole.name, appRole.password), appRole };
}

/** A PostgreSQL of the operator's: DATABASE_URL for the site, DATABASE_OWNER_URL (when set) for the migrations. */
export async function configuredUrls(config: Pick<LaunchEnv, 'DATABASE_URL' | 'DATABASE_OWNER_URL'>): Promise<DatabaseUrls> {
  const site = config.DATABASE_URL!;
  if (!config.DATABASE_OWNER_URL) return { owner: site, site };
  return { owner: config.DATABASE_OWNER_URL, site, appRole: { name: await roleOf(site) } };
}

/** Applies the migrations as the owner, then gives the application role its rights. */
export async function migrateAndGrant(urls: DatabaseUrls): Promise<void> {
  const pool = new Pool({ connectionString: urls.owner, max: 1, application_name: 'truyen-audio-migrate' });
  try {
    await runMigrations(drizzle(pool));
  } finally {
    await pool.end();
  }
  if (urls.appRole) await prepareAppRole(urls.owner, urls.appRole);
}
