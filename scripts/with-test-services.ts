/**
 * Runs a test command against fresh services: an in-memory PGlite served on loopback, migrated,
 * and the Firebase Auth emulator under a test project. When TEST_DATABASE_URL is set, the
 * command runs a second time against that PostgreSQL, emptied and migrated afresh.
 * Usage: tsx scripts/with-test-services.ts <command> [args…]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { runMigrations } from '../server/db/migrate';
import { ensureAuthEmulator } from './launch/authEmulator';
import { exitCode, spawnChild, stopChildren } from './launch/children';
import { freePort } from './launch/freePort';
import { ensurePglite } from './launch/pglite';

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

async function main(): Promise<number> {
  const command = process.argv.slice(2);
  if (command.length === 0) throw new Error('usage: tsx scripts/with-test-services.ts <command> [args…]');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'truyen-test-'));
  const pglitePort = await freePort();
  const authPort = Number(process.env.TEST_AUTH_EMULATOR_PORT || (await freePort()));
  const [{ url }, { host }] = await Promise.all([
    ensurePglite(path.join(workDir, 'pg'), pglitePort),
    ensureAuthEmulator(authPort, TEST_PROJECT_ID, path.join(workDir, 'firebase')),
  ]);
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    FIREBASE_AUTH_EMULATOR_HOST: host,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' '),
  };
  await migrateFresh(url, false);
  console.log(`\n▶ ${command.join(' ')} — on PGlite (${url})`);
  let code = await run(command, { ...baseEnv, DATABASE_URL: url, TEST_DATABASE_KIND: 'pglite' });
  const external = process.env.TEST_DATABASE_URL;
  if (code === 0 && external) {
    await migrateFresh(external, true);
    console.log(`\n▶ ${command.join(' ')} — on PostgreSQL (TEST_DATABASE_URL)`);
    code = await run(command, { ...baseEnv, DATABASE_URL: external, TEST_DATABASE_KIND: 'postgres' });
  }
  fs.rmSync(workDir, { recursive: true, force: true });
  return code;
}

main().then(
  async (code) => {
    await stopChildren();
    process.exit(code);
  },
  async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await stopChildren();
    process.exit(1);
  },
);
