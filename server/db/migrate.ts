import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'server/db/migrations');

export async function runMigrations(database: NodePgDatabase<Record<string, unknown>>): Promise<void> {
  await migrate(database, { migrationsFolder: MIGRATIONS_FOLDER });
}
