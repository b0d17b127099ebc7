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

/**
 * The process's pool: at most DB_POOL_MAX connections; a request waits at most DB_POOL_WAIT_MS
 * for one (then the API answers 503 with Retry-After instead of queueing without end); a
 * statement runs at most DB_STATEMENT_TIMEOUT_MS on the server.
 */
export function pool(): Pool {
  if (!holder.pool) {
    const config = env();
    holder.pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: config.DB_POOL_MAX,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: config.DB_POOL_WAIT_MS,
      statement_timeout: config.DB_STATEMENT_TIMEOUT_MS,
      application_name: 'truyen-audio',
    });
    holder.pool.on('error', (err) => logger.error({ err }, 'idle database client failed'));
  }
  return holder.pool;
}

export interface PoolState {
  size: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The pool's state for the health endpoint. */
export function poolState(): PoolState {
  const current = pool();
  return { size: current.totalCount, idle: current.idleCount, waiting: current.waitingCount, max: current.options.max ?? 0 };
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
