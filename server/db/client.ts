import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { env } from '../env';
import { logger } from '../logger';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

interface DbGlobal {
  pool?: Pool;
  db?: Database;
}

// One pool for the process; kept on globalThis so dev-server reloads do not open new pools.
const store = globalThis as typeof globalThis & { __truyenDb?: DbGlobal };
store.__truyenDb ??= {};
const holder = store.__truyenDb;

export function pool(): Pool {
  if (!holder.pool) {
    const config = env();
    holder.pool = new Pool({ connectionString: config.DATABASE_URL, max: config.DB_POOL_MAX, idleTimeoutMillis: 30_000 });
    holder.pool.on('error', (err) => logger.error({ err }, 'idle database client failed'));
  }
  return holder.pool;
}

export function db(): Database {
  holder.db ??= drizzle(pool(), { schema });
  return holder.db;
}

export async function closeDb(): Promise<void> {
  const current = holder.pool;
  holder.pool = undefined;
  holder.db = undefined;
  await current?.end();
}
