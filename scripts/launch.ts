/**
 * The launcher behind `npm run dev|build|start|db:migrate|db:seed|import|story|vip|embedding`: brings up
 * the embedded defaults (PGlite on loopback unless DATABASE_URL is set; the Firebase Auth
 * emulator unless a Firebase project is configured), migrates, seeds an empty database, then
 * runs Next.js or an operator command. Ctrl-C stops every child.
 */
import path from 'node:path';
import { loadEnvConfig } from '@next/env';
import { ensureAuthEmulator } from './launch/authEmulator';
import { exitCode, spawnChild, stopChildren } from './launch/children';
import { isLoopback, readLaunchEnv, type LaunchEnv } from './launch/config';
import { ensurePglite } from './launch/pglite';
import { LaunchError, assertPortFree } from './launch/ports';

type Command = (argv: string[]) => Promise<void>;

const OPERATOR_COMMANDS: Record<string, () => Promise<{ main: Command }>> = {
  seed: () => import('./seed'),
  import: () => import('./import'),
  story: () => import('./story'),
  vip: () => import('./vip'),
  embedding: () => import('./embedding'),
};

const NEXT_MODES = ['dev', 'build', 'start'] as const;
type NextMode = (typeof NEXT_MODES)[number];

async function prepareDatabase(config: LaunchEnv, seedIfEmpty: boolean): Promise<void> {
  if (!config.DATABASE_URL) {
    const { url, started } = await ensurePglite(config.PGLITE_DATA_DIR, config.PGLITE_PORT);
    process.env.DATABASE_URL = url;
    console.log(started ? `Embedded database (PGlite) on ${url}` : `Using the running embedded database on ${url}`);
  }
  const { db, closeDb } = await import('../server/db/client');
  const { runMigrations } = await import('../server/db/migrate');
  try {
    await runMigrations(db());
    if (seedIfEmpty) {
      const { isDatabaseEmpty, seedDemoCatalogue } = await import('../server/db/seed/demo');
      if (await isDatabaseEmpty(db())) {
        console.log('Empty database: seeding the demo catalogue…');
        const report = await seedDemoCatalogue(db(), { log: (line) => console.log(line) });
        console.log(`Seeded ${report.stories} stories and ${report.chapters} chapters in ${(report.ms / 1000).toFixed(1)} s.`);
      }
    }
  } finally {
    await closeDb();
  }
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
  const workDir = path.join(path.dirname(path.resolve(config.PGLITE_DATA_DIR)), `firebase-${config.AUTH_EMULATOR_PORT}`);
  const { host, started } = await ensureAuthEmulator(config.AUTH_EMULATOR_PORT, projectId, workDir);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  console.log(`${started ? 'Firebase Auth emulator' : 'Using the running Firebase Auth emulator'} on ${host} (project ${projectId}); the site listens on loopback only.`);
}

async function runNext(config: LaunchEnv, mode: NextMode): Promise<number> {
  const nextBin = path.join(process.cwd(), 'node_modules', '.bin', 'next');
  const args = mode === 'build' ? ['build'] : [mode, '-H', config.HOST, '-p', String(config.PORT)];
  if (mode !== 'build') await assertPortFree(config.PORT, 'PORT');
  const env: NodeJS.ProcessEnv = {
    NEXT_TELEMETRY_DISABLED: '1',
    ...process.env,
    NODE_ENV: mode === 'dev' ? 'development' : 'production',
  };
  return exitCode(spawnChild(nextBin, args, { env }));
}

async function main(): Promise<number> {
  const [mode = 'dev', ...argv] = process.argv.slice(2);
  loadEnvConfig(process.cwd(), mode === 'dev');
  const config = readLaunchEnv(process.env);
  if ((NEXT_MODES as readonly string[]).includes(mode)) {
    const nextMode = mode as NextMode;
    await Promise.all([prepareIdentity(config, nextMode), prepareDatabase(config, true)]);
    return runNext(config, nextMode);
  }
  if (mode === 'migrate') {
    await prepareDatabase(config, false);
    console.log('Migrations applied.');
    return 0;
  }
  const load = OPERATOR_COMMANDS[mode];
  if (!load) throw new LaunchError(`Unknown command "${mode}"; use one of: ${[...NEXT_MODES, 'migrate', ...Object.keys(OPERATOR_COMMANDS)].join(', ')}.`);
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

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await stopChildren();
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));

main().then(
  (code) => shutdown(code),
  (error: unknown) => {
    const message = error instanceof LaunchError || error instanceof Error ? error.message : String(error);
    console.error(error instanceof LaunchError ? message : `Error: ${message}`);
    if (!(error instanceof LaunchError) && process.env.DEBUG && error instanceof Error) console.error(error.stack);
    return shutdown(1);
  },
);
