import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { LaunchError } from './ports';

const ZLaunchEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  /** The owner's URL, for the migrations, where DATABASE_URL is the application role (docs/operations.md). */
  DATABASE_OWNER_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  /** Port of the embedded PostgreSQL; 0 picks a free one (tests, benchmarks). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(54320),
  EMBEDDED_PG_DATA_DIR: z.string().min(1).default('.data/pg'),
  /** Processes of `npm run start:cluster`; unset, defaultSiteProcesses() below. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  AUTH_EMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(9099),
  /** How often the emulator's accounts are saved under .data/ besides at a clean stop. */
  AUTH_EMULATOR_EXPORT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  NEXT_PUBLIC_FIREBASE_API_KEY: z.string().optional(),
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: z.string().min(1).default('demo-truyen-audio'),
});

export type LaunchEnv = z.infer<typeof ZLaunchEnv> & { WEB_CONCURRENCY: number; firebaseConfigured: boolean };

/**
 * How many site processes `npm run start:cluster` runs unless WEB_CONCURRENCY says: one per core,
 * less one core when PostgreSQL runs on this machine (the embedded default, or a DATABASE_URL on
 * loopback or a Unix socket). Each site process keeps a core busy with its requests, and V8's
 * compiler and collector threads besides; with the database on the same cores, a process per core
 * left them all oversubscribed (docs/performance.md, "A core for the database").
 */
export function defaultSiteProcesses(cores: number, databaseUrl: string | undefined): number {
  return Math.max(1, databaseOnThisMachine(databaseUrl) ? cores - 1 : cores);
}

function databaseOnThisMachine(databaseUrl: string | undefined): boolean {
  if (!databaseUrl) return true;
  // No host before the path (`postgres:///db`, `postgres://user@/db`): a Unix socket of this machine.
  if (/^[a-z]+:\/\/(?:[^@/]*@)?\//i.test(databaseUrl)) return true;
  try {
    const url = new URL(databaseUrl);
    // URL keeps the brackets of an IPv6 host; `?host=/dir` names a socket directory.
    return isLoopback(url.hostname.replace(/^\[|\]$/g, '')) || Boolean(url.searchParams.get('host')?.startsWith('/'));
  } catch {
    return false;
  }
}

/** Settings renamed since the embedded database became a real PostgreSQL. */
const RENAMED: Record<string, string> = { PGLITE_PORT: 'EMBEDDED_PG_PORT', PGLITE_DATA_DIR: 'EMBEDDED_PG_DATA_DIR' };

export function readLaunchEnv(source: NodeJS.ProcessEnv): LaunchEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  for (const [old, current] of Object.entries(RENAMED)) {
    if (cleaned[old] !== undefined) throw new LaunchError(`${old} was renamed ${current}; rename it in your environment or .env.`);
  }
  const parsed = ZLaunchEnv.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LaunchError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  if (parsed.data.DATABASE_OWNER_URL && !parsed.data.DATABASE_URL) {
    throw new LaunchError('Invalid configuration: DATABASE_OWNER_URL: is for a PostgreSQL of your own, with DATABASE_URL (the embedded database sets up both roles itself)');
  }
  const firebaseConfigured =
    Boolean(parsed.data.NEXT_PUBLIC_FIREBASE_API_KEY) && !parsed.data.NEXT_PUBLIC_FIREBASE_PROJECT_ID.startsWith('demo-');
  const processes = parsed.data.WEB_CONCURRENCY ?? defaultSiteProcesses(availableParallelism(), parsed.data.DATABASE_URL);
  return { ...parsed.data, WEB_CONCURRENCY: processes, firebaseConfigured };
}

export function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}
