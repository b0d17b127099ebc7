/**
 * Runs a test command against fresh services: an embedded PostgreSQL in a scratch directory on a
 * free port, migrated, and the Firebase Auth emulator under a test project. When
 * TEST_DATABASE_URL is set, the command runs a second time against that PostgreSQL, emptied and
 * migrated afresh (`--once` skips the second run). Nothing here touches the site's own ports or
 * data: every port (the emulator's hub and logging ports too) is picked free, so test runs and a
 * running site coexist.
 * Usage: tsx scripts/with-test-services.ts [--once] <command> [args…]
 */
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { runMigrations } from '../server/db/migrate';
import { ensureAuthEmulator } from './launch/authEmulator';
import { exitCode, spawnChild, stopChildren } from './launch/children';
import { freePort } from './launch/freePort';
import { ensureEmbeddedPostgres, scratchDataDir } from './launch/embeddedPostgres';

export const TEST_PROJECT_ID = 'demo-truyen-audio-test';

async function migrateFresh(url: string, dropFirst: boolean): Promise<void> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    if (dropFirst) {
      await pool.query('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;');
    }
    await runMigrations(drizzle(pool));
  } finally {
    await pool.end();
  }
}

async function run(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [bin, ...args] = command;
  const local = path.join(process.cwd(), 'node_modules', '.bin', bin);
  return exitCode(spawnChild(fs.existsSync(local) ? local : bin, args, { env }));
}

let stopServers: (() => Promise<void>)[] = [];

async function main(): Promise<number> {
  const once = process.argv[2] === '--once';
  const command = process.argv.slice(once ? 3 : 2);
  if (command.length === 0) throw new Error('usage: tsx scripts/with-test-services.ts [--once] <command> [args…]');
  const dataDir = scratchDataDir('test');
  const workDir = path.dirname(dataDir);
  const authPort = Number(process.env.TEST_AUTH_EMULATOR_PORT || (await freePort()));
  const [emulator, database] = await Promise.allSettled([
    ensureAuthEmulator(authPort, TEST_PROJECT_ID, path.join(workDir, 'firebase')),
    ensureEmbeddedPostgres(dataDir, 0),
  ]);
  // Whichever started is stopped on the way out, even when the other failed.
  stopServers = [emulator, database].flatMap((result) => (result.status === 'fulfilled' ? [result.value.stop] : []));
  if (emulator.status === 'rejected') throw emulator.reason;
  if (database.status === 'rejected') throw database.reason;
  const { host } = emulator.value;
  const { url } = database.value;
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    FIREBASE_AUTH_EMULATOR_HOST: host,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' '),
  };
  await migrateFresh(url, false);
  console.log(`\n▶ ${command.join(' ')} — on the embedded PostgreSQL (${url.replace(/:[^:@/]*@/, '@')})`);
  let code = await run(command, { ...baseEnv, DATABASE_URL: url, TEST_DATABASE_KIND: 'embedded' });
  const external = process.env.TEST_DATABASE_URL;
  if (code === 0 && external && !once) {
    await migrateFresh(external, true);
    console.log(`\n▶ ${command.join(' ')} — on PostgreSQL (TEST_DATABASE_URL)`);
    code = await run(command, { ...baseEnv, DATABASE_URL: external, TEST_DATABASE_KIND: 'postgres' });
  }
  await stopServices();
  fs.rmSync(workDir, { recursive: true, force: true });
  return code;
}

async function stopServices(): Promise<void> {
  await stopChildren();
  for (const stop of stopServers) await stop();
}

process.on('SIGINT', () => void stopServices().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopServices().then(() => process.exit(143)));

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await stopServices();
    process.exit(1);
  },
);
