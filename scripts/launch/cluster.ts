import cluster, { type Worker } from 'node:cluster';
import { createBackoff } from './backoff';

/**
 * `npm run start:cluster`: N site processes (server/site/main.ts, as built) sharing one port through Node's own cluster
 * module (each worker accepts connections on the shared port: schedulingPolicy below). Every
 * worker is stateless: sessions, rate limits, likes and job claims live in PostgreSQL. A worker
 * that dies is replaced, after a back-off when they die young (scripts/launch/backoff.ts), so a
 * crash loop does not spin; only workers that all die before any could listen stop the launch.
 *
 * SIGUSR2 to the launcher replaces the workers one at a time (a rolling restart, e.g. after a new
 * build): a new worker is started, and only once it is warm and listening (server/site/main.ts
 * listens after its warm-up) is the old one told to stop; it finishes the requests it has.
 */

interface ClusterOptions {
  /** The built site process (scripts/launch/siteServer.ts). */
  server: string;
  host: string;
  port: number;
  workers: number;
  env: NodeJS.ProcessEnv;
  /** Told when a worker started in place of a dead one listens. */
  onRestart: () => void;
}

let stopping = false;

/** How long an old worker of a rolling restart has to finish its requests before it is killed. */
const ROLLING_GRACE_MS = 15_000;

function stopWorker(worker: Worker, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (worker.isDead()) return resolve();
    const timer = setTimeout(() => worker.process.kill('SIGKILL'), graceMs);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });
}

/** Stops every worker: SIGTERM, then SIGKILL after the grace period. */
export async function stopCluster(graceMs = 5_000): Promise<void> {
  stopping = true;
  await Promise.all(Object.values(cluster.workers ?? {}).map((worker) => (worker ? stopWorker(worker, graceMs) : undefined)));
}

/**
 * The primary runs under tsx (`npm run start:cluster`); its workers run the built site with plain
 * Node. Inherited, tsx's loader would route every module load through its hooks and turn on
 * source-mapped stack traces, which cost every request that creates an Error.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i];
    const [flag, inline] = arg.split(/=(.*)/s, 2);
    if (['--require', '-r', '--import', '--loader', '--experimental-loader'].includes(flag)) {
      const value = inline ?? execArgv[i + 1] ?? '';
      if (inline === undefined) i += 1;
      if (/[\\/]tsx[\\/]|^tsx$/.test(value)) continue;
      kept.push(arg, ...(inline === undefined ? [value] : []));
      continue;
    }
    kept.push(arg);
  }
  return kept;
}

/**
 * How connections reach the workers: each worker accepts its own (SCHED_NONE), unless the
 * operator chose with NODE_CLUSTER_SCHED_POLICY. Under Node's default round-robin the primary
 * accepts every connection and hands it to a worker, one at a time per worker, each handover
 * waiting for that worker's event loop to take it: when a deploy or a rush brings a crowd of new
 * connections to busy workers, the last of them waited seconds before their first byte was read
 * (`BENCH_LOAD_MODE=cold`: 200 readers connecting at once, p99 growing a second per second for
 * the first five). With each worker accepting, a busy worker simply leaves new connections to an
 * idle one.
 */
export function schedulingPolicy(chosen: string | undefined): number {
  if (chosen === 'rr') return cluster.SCHED_RR;
  return cluster.SCHED_NONE;
}

/** Runs the workers until the launcher stops them; resolves with 1 if none could ever listen. */
export function runCluster({ server, host, port, workers, env, onRestart }: ClusterOptions): Promise<number> {
  cluster.schedulingPolicy = schedulingPolicy(env.NODE_CLUSTER_SCHED_POLICY);
  cluster.setupPrimary({ exec: server, execArgv: workerExecArgv(process.execArgv) });
  const bornAt = new Map<number, number>();
  const replacements = new Set<number>();
  /** Workers that listen now. */
  const serving = new Set<number>();
  const fork = (replacing: boolean) => {
    // A worker replacing a dead one while no other serves listens at once and warms up while it
    // serves (server/site/main.ts): the port would be closed until it is warm otherwise.
    const worker = cluster.fork(replacing && serving.size === 0 ? { ...env, SITE_SERVE_BEFORE_WARM: '1' } : env);
    bornAt.set(worker.id, Date.now());
    if (replacing) replacements.add(worker.id);
  };
  console.log(`Starting ${workers} site process${workers === 1 ? '' : 'es'} on http://${host}:${port}`);
  for (let i = 0; i < workers; i++) fork(false);
  const backoff = createBackoff();
  let listened = false;
  cluster.on('listening', (worker) => {
    listened = true;
    serving.add(worker.id);
    if (replacements.delete(worker.id)) onRestart();
  });
  /** Workers a rolling restart stopped on purpose: their exit is not answered with another. */
  const retired = new Set<number>();
  let rolling: Promise<void> | undefined;
  const roll = async () => {
    const old = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    console.log(`Rolling restart: replacing ${old.length} site process${old.length === 1 ? '' : 'es'} one at a time.`);
    for (const worker of old) {
      if (stopping) return;
      const fresh = cluster.fork(env);
      bornAt.set(fresh.id, Date.now());
      // Until it listens, its death is the restart's failure, not one to answer with another.
      retired.add(fresh.id);
      const ready = await new Promise<boolean>((resolve) => {
        fresh.once('listening', () => resolve(true));
        fresh.once('exit', () => resolve(false));
      });
      if (!ready) {
        console.error('Rolling restart: a new site process exited before it listened; the old ones keep serving.');
        return;
      }
      retired.delete(fresh.id);
      retired.add(worker.id);
      await stopWorker(worker, ROLLING_GRACE_MS);
      console.log(`Rolling restart: process ${fresh.process.pid} serves in place of ${worker.process.pid}.`);
    }
  };
  process.on('SIGUSR2', () => {
    rolling ??= roll().finally(() => (rolling = undefined));
  });
  return new Promise((resolve) => {
    let deathsBeforeListening = 0;
    cluster.on('exit', (worker, code, signal) => {
      replacements.delete(worker.id);
      serving.delete(worker.id);
      if (stopping || retired.delete(worker.id)) return;
      if (!listened && ++deathsBeforeListening >= workers) {
        console.error('Site processes die before they listen; stopping.');
        resolve(1);
        return;
      }
      const delay = backoff.next(Date.now() - (bornAt.get(worker.id) ?? 0));
      console.error(`Site process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another in ${delay / 1000} s.`);
      setTimeout(() => {
        if (!stopping) fork(true);
      }, delay);
    });
  });
}
