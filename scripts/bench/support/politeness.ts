import { spawn } from 'node:child_process';
import path from 'node:path';
import { TWIN_22 } from '../../../__tests__/fixtures/sources/books';
import { PLAIN_SITE_POLITENESS } from '../../../server/sources/adapters/shared';
import { startFixtureServer } from '../../fixture-server';

/**
 * A burst of chapter reads from several site processes against one fixture host, with the
 * politeness they share through one PostgreSQL: how closely together the host saw the requests.
 */
export interface SpacingFigures {
  processes: number;
  requests: number;
  failed: number;
  /** The least spacing the site asks for (its jitter adds up to jitterMs more). */
  configuredMs: number;
  jitterMs: number;
  minGapMs: number;
  medianGapMs: number;
  /** Gaps shorter than the configured spacing (should be none). */
  gapsUnderSpacing: number;
  /** First to last request, seconds. */
  spanS: number;
  /** The first failures' messages. */
  errors: string[];
}

const HOST = 'www.22biqu.com';
const WORKER = path.join(__dirname, 'politenessWorker.ts');

interface WorkerResult {
  read: number;
  failed: number;
  errors: string[];
}

function runWorker(env: NodeJS.ProcessEnv): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], { cwd: process.cwd(), env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (err += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`politeness worker exited ${code}: ${err.slice(-2000)}`));
      else resolve(JSON.parse(line) as WorkerResult);
    });
  });
}

/** `processes` processes each read `chaptersEach` chapters (two pages each) of one book at the same moment. */
export async function measureSharedSpacing(databaseUrl: string, processes = 2, chaptersEach = 3): Promise<SpacingFigures> {
  const fixture = await startFixtureServer();
  try {
    const burstAt = Date.now() + 6_000;
    const env = (i: number): NodeJS.ProcessEnv => {
      const own: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        SOURCES_ALLOW_LOOPBACK: '1',
        SOURCES_FIXTURE_ORIGIN: fixture.origin,
        LOG_LEVEL: 'warn',
        BURST_SITE: TWIN_22.siteId,
        BURST_BOOK: TWIN_22.bookId,
        BURST_CHAPTERS: String(chaptersEach),
        BURST_OFFSET: String(i * chaptersEach),
        BURST_AT: String(burstAt),
      };
      delete own.SOURCES_NO_SPACING;
      delete own.NODE_OPTIONS;
      return own;
    };
    const results = await Promise.all(Array.from({ length: processes }, (_, i) => runWorker(env(i))));
    const times = fixture.requests
      .map((line, i) => ({ line, at: fixture.arrivals[i] }))
      .filter((entry) => entry.line.startsWith(`${HOST} `))
      .map((entry) => entry.at)
      .sort((a, b) => a - b);
    const gaps = times.slice(1).map((at, i) => at - times[i]).sort((a, b) => a - b);
    return {
      processes,
      requests: times.length,
      failed: results.reduce((sum, result) => sum + result.failed, 0),
      configuredMs: PLAIN_SITE_POLITENESS.minIntervalMs,
      jitterMs: PLAIN_SITE_POLITENESS.jitterMs,
      minGapMs: gaps[0] ?? 0,
      medianGapMs: gaps[Math.floor(gaps.length / 2)] ?? 0,
      gapsUnderSpacing: gaps.filter((gap) => gap < PLAIN_SITE_POLITENESS.minIntervalMs).length,
      errors: results.flatMap((result) => result.errors),
      spanS: times.length > 1 ? Math.round((times[times.length - 1] - times[0]) / 100) / 10 : 0,
    };
  } finally {
    await fixture.close();
  }
}
