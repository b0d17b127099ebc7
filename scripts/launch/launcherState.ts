import fs from 'node:fs';
import path from 'node:path';
import type { LauncherRestarts } from '../../server/http/launcherRestarts';

/**
 * The launcher's count of restarts, in a small JSON file beside the data directory that every
 * site process reads for GET /api/health (its path reaches them as LAUNCHER_STATE_FILE).
 */
export interface LauncherState {
  file: string;
  databaseRestarted(restarts: number): void;
  siteRestarted(): void;
  remove(): void;
}

export function createLauncherState(dataRoot: string, port: number, supervisesDatabase: boolean): LauncherState {
  const file = path.resolve(dataRoot, `launcher-${port}.json`);
  const state: LauncherRestarts = { since: new Date().toISOString(), database: supervisesDatabase ? 0 : null, site: 0 };
  const write = () => {
    // Written whole and renamed, so a reader never sees half a file.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(state));
    fs.renameSync(`${file}.tmp`, file);
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  write();
  return {
    file,
    databaseRestarted(restarts) {
      state.database = restarts;
      write();
    },
    siteRestarted() {
      state.site += 1;
      write();
    },
    remove: () => fs.rmSync(file, { force: true }),
  };
}
