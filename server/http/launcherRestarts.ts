import { readFile } from 'node:fs/promises';
import { env } from '../env';

/** What the launcher (scripts/launch.ts) started again since it started, as GET /api/health reports it. */
export interface LauncherRestarts {
  /** When the launcher started (ISO time). */
  since: string;
  /** Restarts of the embedded PostgreSQL; null when the launcher runs none (DATABASE_URL). */
  database: number | null;
  /** Site processes started in place of one that died. */
  site: number;
}

/** The launcher's count, from the file it names in LAUNCHER_STATE_FILE; null when no launcher runs this process. */
export async function launcherRestarts(): Promise<LauncherRestarts | null> {
  const file = env().LAUNCHER_STATE_FILE;
  if (!file) return null;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LauncherRestarts;
  } catch {
    return null;
  }
}
