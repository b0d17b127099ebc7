/**
 * `npm run bench:load`: 200 readers at once for 60 s against a production build on the embedded
 * defaults (`npm run start:cluster` with as many processes as it runs by default,
 * scripts/launch/config.ts), each signed in with its own emulator account, with a mix of pages,
 * chapter text and at least 20 % writes; then a read-back that every acknowledged write is in the
 * database. Prints requests/s, p50/p95/p99, 5xx, failed requests, wrong answers and lost writes.
 * Needs `npm run build` first.
 *
 * The measured minute follows a warm-up of BENCH_LOAD_WARMUP_SECONDS (default 15) under the same
 * load: a fresh site compiles its code and fills its page cache during its first seconds, which
 * is a start-up cost, not its pace. The warm-up is printed on its own line; its 5xx, failures,
 * wrong answers and writes count like the minute's.
 * BENCH_LOAD_MODE=cold measures a deploy instead: fresh site processes (each warms itself before
 * it listens, nothing else warms them), no page kept on disk by an earlier run, no warm-up load,
 * 45 s from the first second with the cold mix (reader.ts), and the first ten seconds second by
 * second, overall and per action.
 * BENCH_LOAD_ONLY=<action> (e.g. lookup, save, comments, story) has every reader repeat one action
 * of the mix, to read what that action costs (the CPU table's ms/request).
 * BENCH_LOAD_READERS, BENCH_LOAD_SECONDS and BENCH_LOAD_PROCESSES change the defaults. To load a
 * site that is already running instead, set BENCH_BASE_URL with BENCH_DATABASE_URL (its database,
 * for the read-back) and FIREBASE_AUTH_EMULATOR_HOST (its emulator, for the readers' accounts).
 */
import os from 'node:os';
import { Pool } from 'pg';
import { createRng } from '../../../server/db/seed/random';
import { LoadClient, newRecorder, type Recorder } from './http';
import { percentile } from '../support/stats';
import { actionNamed, newAcknowledged, runReader, type Account, type StoryRef } from './reader';
import { cpuSince, ownCpuMs, treeCpu } from '../support/processCpu';
import { startBenchSite, type BenchSite } from '../support/site';
import { defaultSiteProcesses } from '../../launch/config';
import { verifyWrites } from './verify';

const COLD = process.env.BENCH_LOAD_MODE === 'cold';
const READERS = Number(process.env.BENCH_LOAD_READERS || 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || (COLD ? 45 : 60));
const WARMUP_SECONDS = COLD ? 0 : Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? 15);
// The launcher's own default for a site with its embedded database.
const PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES || defaultSiteProcesses(os.availableParallelism(), undefined));
const ONLY = process.env.BENCH_LOAD_ONLY ? actionNamed(process.env.BENCH_LOAD_ONLY) : undefined;
const RUN = Date.now().toString(36);

async function createAccounts(emulatorHost: string, count: number): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, async (_, i) => {
        const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `doc-gia-${RUN}-${start + i}@bench.example`, password: 'mat-khau-123', returnSecureToken: true }),
        });
        const body = (await response.json()) as { localId: string; idToken: string };
        return { uid: body.localId, token: body.idToken };
      }),
    );
    accounts.push(...batch);
  }
  return accounts;
}

async function catalogue(databaseUrl: string): Promise<StoryRef[]> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<StoryRef>(
      'select id, slug, least(chapter_count, (select count(*) from chapters c where c.story_id = s.id and not c.vip))::int as chapters from stories s where not hidden and chapter_count > 0',
    );
    return rows.filter((story) => story.chapters > 0);
  } finally {
    await pool.end();
  }
}

async function benchSite(): Promise<BenchSite> {
  const { BENCH_BASE_URL: origin, BENCH_DATABASE_URL: databaseUrl, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } = process.env;
  if (origin) {
    if (!databaseUrl || !emulatorHost) throw new Error('With BENCH_BASE_URL, set BENCH_DATABASE_URL and FIREBASE_AUTH_EMULATOR_HOST too.');
    console.log(`Loading the running site at ${origin}…`);
    return { origin, databaseUrl, emulatorHost, errors: () => [], stop: async () => {} };
  }
  console.log(`Starting the site: ${PROCESSES} process(es) on ${os.availableParallelism()} cores${COLD ? ' (cold: measured as soon as they answer)' : ''}…`);
  return startBenchSite(PROCESSES, 'bench-load', { settle: !COLD, emptyPageCache: COLD });
}

function latencyRow(latencies: number[]): { requests: number; 'p50 ms': number; 'p99 ms': number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { requests: sorted.length, 'p50 ms': Math.round(percentile(sorted, 50)), 'p99 ms': Math.round(percentile(sorted, 99)) };
}

/** Requests answered and their latency in each of the first seconds of the measurement, then per action over those seconds. */
function printFirstSeconds(recorder: Recorder, seconds: number): void {
  const buckets = Array.from({ length: seconds }, () => [] as number[]);
  const byAction = new Map<string, number[]>();
  for (const [at, latency, action] of recorder.timeline) {
    if (at >= seconds * 1_000) continue;
    buckets[Math.floor(at / 1_000)].push(latency);
    byAction.set(action, [...(byAction.get(action) ?? []), latency]);
  }
  console.log('The first seconds:');
  console.table(Object.fromEntries(buckets.map((latencies, i) => [`${i}–${i + 1} s`, latencyRow(latencies)])));
  console.log(`The first ${seconds} seconds by action:`);
  console.table(Object.fromEntries([...byAction].map(([action, latencies]) => [action, latencyRow(latencies)])));
}

async function main(): Promise<void> {
  const site = await benchSite();
  try {
    const [accounts, stories] = await Promise.all([createAccounts(site.emulatorHost, READERS), catalogue(site.databaseUrl)]);
    console.log(`${accounts.length} readers, ${stories.length} stories; ${WARMUP_SECONDS} s of warm-up, then ${SECONDS} s of load${COLD ? ' (cold mix)' : ''}…`);
    const warmup = newRecorder();
    const recorder = newRecorder();
    const client = new LoadClient(new URL(site.origin), WARMUP_SECONDS > 0 ? warmup : recorder);
    const acknowledged = newAcknowledged();
    const wrong: string[] = [];
    const context = { client, wrong, stories, acknowledged, reviewIds: [] as number[], until: Date.now() + (WARMUP_SECONDS + SECONDS) * 1_000 };
    const mix = COLD ? ('cold' as const) : ('steady' as const);
    const readers = Promise.all(accounts.map((account, i) => runReader(account, { ...context, mix, only: ONLY, random: createRng(1_000 + i).next })));
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1_000));
    client.recorder = recorder;
    const cpuBefore = site.pid ? treeCpu(site.pid) : new Map<string, number>();
    const ownBefore = ownCpuMs();
    const started = performance.now();
    await readers;
    const elapsed = (performance.now() - started) / 1_000;
    const cpu = site.pid ? cpuSince(cpuBefore, treeCpu(site.pid)) : new Map<string, number>();
    cpu.set('load generator', ownCpuMs() - ownBefore);
    client.close();

    const verdict = await verifyWrites(site.databaseUrl, acknowledged);
    const latencies = [...recorder.latencies].sort((a, b) => a - b);
    const fiveHundreds = (of: Recorder) => [...of.statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    const count5xx = fiveHundreds(recorder) + fiveHundreds(warmup);
    const failed = recorder.failed + warmup.failed;
    if (WARMUP_SECONDS > 0) {
      const early = [...warmup.latencies].sort((a, b) => a - b);
      console.log(
        `Warm-up (${WARMUP_SECONDS} s, not in the figures below): ${Math.round(early.length / WARMUP_SECONDS)} requests/s, ` +
          `p50 ${Math.round(percentile(early, 50))} ms, p99 ${Math.round(percentile(early, 99))} ms, ${fiveHundreds(warmup)} × 5xx, ${warmup.failed} failed`,
      );
    }
    if (COLD) printFirstSeconds(recorder, 10);
    const figures = {
      mode: COLD ? 'cold' : 'steady',
      cores: os.availableParallelism(),
      'site processes': process.env.BENCH_BASE_URL ? 'running site' : PROCESSES,
      readers: accounts.length,
      seconds: Math.round(elapsed),
      requests: latencies.length + recorder.failed,
      'requests/s': Math.round(latencies.length / elapsed),
      'p50 ms': Math.round(percentile(latencies, 50)),
      'p95 ms': Math.round(percentile(latencies, 95)),
      'p99 ms': Math.round(percentile(latencies, 99)),
      '5xx': count5xx,
      failed,
      wrong: wrong.length + verdict.wrong.length,
      'acknowledged writes': acknowledged.writes,
      'write share %': Math.round((100 * acknowledged.writes) / Math.max(1, latencies.length)),
      lost: verdict.lost.length,
    };
    console.table(figures);
    console.table(
      Object.fromEntries(
        [...recorder.byAction].map(([action, values]) => [action, latencyRow(values)]),
      ),
    );
    const served = Math.max(1, latencies.length);
    console.log('CPU per request (ms), by process kind:');
    console.table(
      Object.fromEntries(
        [...cpu]
          .filter(([, ms]) => ms > 0)
          .sort(([, a], [, b]) => b - a)
          .map(([kind, ms]) => [kind, { 'ms/request': Number((ms / served).toFixed(2)), 'share of 1 core %': Math.round((100 * ms) / (elapsed * 1_000)) }]),
      ),
    );
    console.log('Statuses:', Object.fromEntries([...recorder.statuses].sort(([a], [b]) => a - b)));
    if (recorder.refusals.size > 0) console.log('Not 2xx, by action:', Object.fromEntries(recorder.refusals));
    for (const line of [...wrong, ...verdict.wrong, ...verdict.lost].slice(0, 20)) console.log(`  ${line}`);
    if (count5xx > 0) console.log(`The site's last errors:\n${site.errors().join('\n')}`);
    if (count5xx || failed || figures.wrong || figures.lost) process.exitCode = 1;
  } finally {
    await site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
