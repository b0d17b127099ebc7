/**
 * The launcher behind `npm run dev|build|start|start:cluster|db|db:migrate|db:seed|import|story|admin|vip|embedding|export`:
 * brings up the embedded defaults (a real PostgreSQL from npm on loopback unless DATABASE_URL is
 * set; the Firebase Auth emulator unless a Firebase project is configured), migrates as the
 * database's owner, seeds an empty database, then runs Next.js or an operator command as the
 * application role (scripts/launch/databaseRoles.ts). The database server, the emulator
 * and the site processes of `npm start` and `start:cluster` it started are kept running (started
 * again when they die); only Ctrl-C or SIGTERM stops everything, the database server last.
 */
import path from 'node:path';
import { loadEnvConfig } from '@next/env';
import { buildServiceWorker } from './build-sw';
import { ensureAuthEmulator, type AuthEmulator } from './launch/authEmulator';
import { exitCode, spawnChild, stopChildren } from './launch/children';
import { isLoopback, readLaunchEnv, type LaunchEnv } from './launch/config';
import { applyDemoVapidKeys } from './launch/demoVapid';
import { runCluster, stopCluster } from './launch/cluster';
import type { KeptProcess } from './launch/keepRunning';
import { createLauncherState, type LauncherState } from './launch/launcherState';
import { siteNodeOptions } from './launch/nodeOptions';
import { runSite } from './launch/site';
import { buildSiteServer, builtSiteServer } from './launch/siteServer';
import { configuredUrls, embeddedUrls, migrateAndGrant, type DatabaseUrls } from './launch/databaseRoles';
import { ensureEmbeddedPostgres, type EmbeddedServer } from './launch/embeddedPostgres';
import { LaunchError, assertPortFree } from './launch/ports';

type Command = (argv: string[]) => Promise<void>;

const OPERATOR_COMMANDS: Record<string, () => Promise<{ main: Command }>> = {
  seed: () => import('./seed'),
  import: () => import('./import'),
  story: () => import('./story'),
  admin: () => import('./admin'),
  vip: () => import('./vip'),
  embedding: () => import('./embedding'),
  export: () => import('./export'),
};

const NEXT_MODES = ['dev', 'build', 'start', 'start-cluster'] as const;
type NextMode = (typeof NEXT_MODES)[number];

let embedded: EmbeddedServer | undefined;
let emulator: AuthEmulator | undefined;
let site: KeptProcess | undefined;
let state: LauncherState | undefined;

/** Where the launcher keeps what outlives it besides the database: the emulator's accounts, its state file. */
function dataRoot(config: LaunchEnv): string {
  return path.dirname(path.resolve(config.EMBEDDED_PG_DATA_DIR));
}

/**
 * Starts (or finds) the database, migrates it as the owner and sets up the application role, then
 * points DATABASE_URL at the application role for everything after: the seeding, the site
 * processes, the jobs and the operator commands. Returns the owner's URL.
 */
async function prepareDatabase(config: LaunchEnv, seedIfEmpty: boolean): Promise<string> {
  let urls: DatabaseUrls;
  if (!config.DATABASE_URL) {
    const server = await ensureEmbeddedPostgres(config.EMBEDDED_PG_DATA_DIR, config.EMBEDDED_PG_PORT, {
      onRestart: (restarts) => state?.databaseRestarted(restarts),
    });
    embedded = server;
    server.notes.forEach((note) => console.log(note));
    const where = server.url.replace(/:[^:@/]*@/, '@');
    console.log(server.started ? `Embedded PostgreSQL on ${where}` : `Using the running embedded PostgreSQL on ${where}`);
    urls = embeddedUrls(path.resolve(config.EMBEDDED_PG_DATA_DIR), server.url);
  } else {
    urls = await configuredUrls(config);
  }
  await migrateAndGrant(urls);
  process.env.DATABASE_URL = urls.site;
  const { db, closeDb } = await import('../server/db/client');
  try {
    if (seedIfEmpty) {
      const { isDatabaseEmpty, seedDemoCatalogue } = await import('../server/db/seed/demo');
      if (await isDatabaseEmpty(db())) {
        console.log('Empty database: seeding the demo catalogue…');
        const report = await seedDemoCatalogue(db(), { log: (line) => console.log(line) });
        console.log(`Seeded ${report.stories} stories and ${report.chapters} chapters in ${(report.ms / 1000).toFixed(1)} s.`);
        const { seedViewHistory } = await import('../server/services/views');
        await seedViewHistory(db());
      }
    }
  } finally {
    await closeDb();
  }
  return urls.owner;
}

async function prepareIdentity(config: LaunchEnv, mode: NextMode): Promise<void> {
  if (config.firebaseConfigured) return;
  const projectId = config.NEXT_PUBLIC_FIREBASE_PROJECT_ID;
  process.env.FIREBASE_PROJECT_ID = projectId;
  process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = projectId;
  if (mode === 'build') return;
  if (!isLoopback(config.HOST)) {
    throw new LaunchError(
      `HOST=${config.HOST} is refused: the Firebase Auth emulator accepts unsigned tokens, so the site stays on loopback. Configure a Firebase project to serve a network.`,
    );
  }
  const workDir = path.join(dataRoot(config), `firebase-${config.AUTH_EMULATOR_PORT}`);
  // Demo accounts outlive a restart: kept per project under .data/, saved every minute and at a clean stop.
  const persist = { dir: path.join(dataRoot(config), 'auth-accounts', projectId), exportEveryMs: config.AUTH_EMULATOR_EXPORT_SECONDS * 1_000 };
  emulator = await ensureAuthEmulator(config.AUTH_EMULATOR_PORT, projectId, workDir, persist);
  const { host, started } = emulator;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  const demoKeys = applyDemoVapidKeys(dataRoot(config));
  if (demoKeys) console.log(`Web Push: demo VAPID keys from ${path.relative(process.cwd(), demoKeys)} (configure VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY for a real site).`);
  console.log(`${started ? 'Firebase Auth emulator' : 'Using the running Firebase Auth emulator'} on ${host} (project ${projectId}); the site listens on loopback only.`);
}

async function runNext(config: LaunchEnv, mode: NextMode): Promise<number> {
  const env: NodeJS.ProcessEnv = {
    NEXT_TELEMETRY_DISABLED: '1',
    ...process.env,
    NODE_ENV: mode === 'dev' ? 'development' : 'production',
  };
  if (mode === 'start' || mode === 'start-cluster') env.NODE_OPTIONS = siteNodeOptions(env.NODE_OPTIONS);
  if (mode !== 'build') await assertPortFree(config.PORT, 'PORT');
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (mode === 'start' || mode === 'start-cluster') {
    const server = builtSiteServer(distDir);
    if (!server) throw new LaunchError(`No production build in ${distDir}: run \`npm run build\` first.`);
    env.HOST = config.HOST;
    env.PORT = String(config.PORT);
    const onRestart = () => state?.siteRestarted();
    if (mode === 'start-cluster') return runCluster({ server, host: config.HOST, port: config.PORT, workers: config.WEB_CONCURRENCY, env, onRestart });
    site = await runSite({ server, host: config.HOST, port: config.PORT, env, onRestart });
    // Runs until a signal stops it (shutdown below).
    return new Promise<number>(() => {});
  }
  const nextBin = path.join(process.cwd(), 'node_modules', '.bin', 'next');
  const code = await exitCode(spawnChild(nextBin, mode === 'build' ? ['build'] : [mode, '-H', config.HOST, '-p', String(config.PORT)], { env }));
  if (mode === 'build' && code === 0) {
    const { count, size } = await buildServiceWorker(distDir);
    console.log(`Service worker: ${distDir}/sw.js precaches ${count} files (${(size / 1024 / 1024).toFixed(1)} MB).`);
    console.log(`Site process: ${path.relative(process.cwd(), await buildSiteServer(distDir))}`);
  }
  return code;
}

/** `npm run db`: the embedded PostgreSQL alone, in the foreground, for psql and other tools (as the site's role, and as the owner). */
async function runDatabaseOnly(config: LaunchEnv): Promise<number> {
  if (config.DATABASE_URL) throw new LaunchError('DATABASE_URL is set: there is no embedded database to run.');
  const ownerUrl = await prepareDatabase(config, true);
  console.log(`DATABASE_URL=${process.env.DATABASE_URL}`);
  console.log(`DATABASE_OWNER_URL=${ownerUrl}`);
  console.log('Ctrl-C stops it.');
  return new Promise<number>(() => {});
}

async function main(): Promise<number> {
  const [mode = 'dev', ...argv] = process.argv.slice(2);
  loadEnvConfig(process.cwd(), mode === 'dev');
  const config = readLaunchEnv(process.env);
  // Only the launcher migrates: the owner's URL reaches no site process or operator command (an
  // empty value also keeps Next.js from reading one from .env).
  process.env.DATABASE_OWNER_URL = '';
  if ((NEXT_MODES as readonly string[]).includes(mode)) {
    const nextMode = mode as NextMode;
    if (nextMode !== 'build') {
      state = createLauncherState(dataRoot(config), config.PORT, !config.DATABASE_URL);
      process.env.LAUNCHER_STATE_FILE = state.file;
    }
    await Promise.all([prepareIdentity(config, nextMode), prepareDatabase(config, true)]);
    return runNext(config, nextMode);
  }
  if (mode === 'db') return runDatabaseOnly(config);
  if (mode === 'backup' || mode === 'restore') {
    const { backupCommand, restoreCommand } = await import('./launch/backupCommands');
    return (mode === 'backup' ? backupCommand : restoreCommand)(config, argv);
  }
  if (mode === 'migrate') {
    await prepareDatabase(config, false);
    console.log('Migrations applied.');
    return 0;
  }
  const load = OPERATOR_COMMANDS[mode];
  if (!load) throw new LaunchError(`Unknown command "${mode}"; use one of: ${[...NEXT_MODES, 'db', 'migrate', 'backup', 'restore', ...Object.keys(OPERATOR_COMMANDS)].join(', ')}.`);
  await prepareDatabase(config, false);
  const { db, closeDb } = await import('../server/db/client');
  try {
    db();
    await (await load()).main(argv);
  } finally {
    await closeDb();
  }
  return 0;
}

/**
 * Stops everything once, whoever asks first (a signal, or main() returning when the site it ran
 * has exited, which stopping the site itself causes): a later caller waits for the same shutdown,
 * so the process never exits before the database has stopped, and the first caller's code wins.
 */
let stopping: Promise<never> | undefined;
function shutdown(code: number): Promise<never> {
  stopping ??= (async () => {
    // A Ctrl-C in a terminal reaches the database too, which stops at once: not a crash to answer.
    embedded?.hold();
    // The site first, so no request is cut off by the database going away under it; the
    // emulator meanwhile saves its accounts.
    await Promise.all([stopCluster(), site?.stop(), emulator?.stop(), stopChildren()]);
    await embedded?.stop();
    state?.remove();
    process.exit(code);
  })();
  return stopping;
}

process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));
process.on('SIGHUP', () => void shutdown(129));

main().then(
  (code) => shutdown(code),
  (error: unknown) => {
    const message = error instanceof LaunchError || error instanceof Error ? error.message : String(error);
    console.error(error instanceof LaunchError ? message : `Error: ${message}`);
    if (!(error instanceof LaunchError) && process.env.DEBUG && error instanceof Error) console.error(error.stack);
    return shutdown(1);
  },
);
