import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { databaseUrlFor } from '../../launch/embeddedPostgres';
import { freePort } from '../../launch/freePort';
import { treeCpu } from './processCpu';

/**
 * The site as an operator starts it: `npm run start:cluster` on the embedded defaults, with its own
 * data directory (fresh each run), database port, auth emulator port and site port, so a
 * benchmark runs beside a developer's own site.
 */
export interface BenchSite {
  origin: string;
  databaseUrl: string;
  emulatorHost: string;
  /** The site's launcher process (its workers, database and emulator are its descendants); absent for a site already running. */
  pid?: number;
  /** The site's error log lines so far (the last ones), to explain 5xx answers. */
  errors(): string[];
  stop(): Promise<void>;
}

const SETTLED_SHARE = 0.1;
const SETTLE_LIMIT_MS = 60_000;

/**
 * Waits until the site's processes are idle (under a tenth of a core for two seconds running),
 * at most a minute: after the first health answer each process still warms its speech workers for
 * a few seconds of CPU, which a benchmark would otherwise count against the first requests.
 */
async function settled(pid: number): Promise<void> {
  const total = () => [...treeCpu(pid).values()].reduce((sum, ms) => sum + ms, 0);
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let quiet = 0;
  let last = total();
  while (quiet < 2 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = total();
    quiet = now - last < SETTLED_SHARE * 1_000 ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * `settle: false` (a cold measurement): returned as soon as the site answers, its processes not yet
 * idle. `emptyPageCache`: the pages earlier runs rendered, which Next keeps on disk under the build
 * and reads back on a miss, are removed first, so the site starts as after a deploy.
 */
export async function startBenchSite(
  processes: number,
  label = 'bench',
  { settle = true, emptyPageCache = false }: { settle?: boolean; emptyPageCache?: boolean } = {},
): Promise<BenchSite> {
  const distDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next');
  if (!fs.existsSync(path.join(distDir, 'BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` first.');
  }
  if (emptyPageCache) fs.rmSync(path.join(distDir, 'server', 'route-cache'), { recursive: true, force: true });
  const dataRoot = path.join('.data', label);
  fs.rmSync(dataRoot, { recursive: true, force: true });
  const [port, authPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_DATA_DIR: path.join(dataRoot, 'pg'),
    EMBEDDED_PG_PORT: '0',
    // Its own audio cache, fresh each run: the listeners' chapters are cold.
    TTS_CACHE_DIR: path.join(dataRoot, 'audio-cache'),
    AUTH_EMULATOR_PORT: String(authPort),
    WEB_CONCURRENCY: String(processes),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/launch.ts', 'start-cluster'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const errors: string[] = [];
  const collect = (chunk: Buffer) => {
    const text = String(chunk);
    if (output.length < 100_000) output += text;
    for (const line of text.split('\n')) if (/"level":(50|60)/.test(line)) errors.push(line.slice(0, 500));
    if (errors.length > 200) errors.splice(0, errors.length - 200);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the site stopped:\n${output}`);
    const dbPort = /Embedded PostgreSQL on postgres:\/\/[^@]*@127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    try {
      // Every process listening (each warms itself first), not just the first.
      const ready = (output.match(/✓ Ready on /g) ?? []).length >= processes;
      if (dbPort && ready && (await fetch(`${origin}/api/health`)).ok) {
        if (child.pid && settle) await settled(child.pid);
        return {
          origin,
          databaseUrl: databaseUrlFor(Number(dbPort)),
          emulatorHost: `127.0.0.1:${authPort}`,
          pid: child.pid,
          errors: () => errors.slice(-20),
          stop: () =>
            new Promise((resolve) => {
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        };
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error(`the site did not start in 5 minutes:\n${output}`);
}
