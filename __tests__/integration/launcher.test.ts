import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { readPidFile, scratchDataDir } from '@/scripts/launch/embeddedPostgres';
import { isAlive, waitUntil } from '../helpers/processes';

/** The launcher as an operator runs it, on a scratch data directory and no DATABASE_URL. */

jest.setTimeout(120_000);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function launcherEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_PG_DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0', ...extra };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  return env;
}

function launch(args: string[], env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/launch.ts', ...args], { cwd: process.cwd(), env });
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = launch(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('launcher with the embedded PostgreSQL', () => {
  const roots: string[] = [];
  const dataDir = () => {
    const dir = scratchDataDir('launcher');
    roots.push(path.dirname(dir));
    return dir;
  };
  afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

  it('creates, migrates and stops the server, then clears a stale pid file left by a crash', async () => {
    const dir = dataDir();
    const first = await run(['migrate'], launcherEnv(dir));
    expect(first.stdout).toContain('Embedded PostgreSQL on');
    expect(first.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);

    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `999999\n${dir}\n1700000000\n54999\n\n127.0.0.1\n0 0\nready\n`);
    const second = await run(['migrate'], launcherEnv(dir));
    expect(second.stdout).toContain('Removed the stale postmaster.pid of a server that is no longer running (pid 999999).');
    expect(second.code).toBe(0);
  });

  it('fails with the server\'s reason, instead of waiting forever, when the database exits at start', async () => {
    const dir = dataDir();
    expect((await run(['migrate'], launcherEnv(dir))).code).toBe(0);
    fs.appendFileSync(path.join(dir, 'postgresql.auto.conf'), "\nshared_buffers = 'plenty'\n");
    const started = Date.now();
    const result = await run(['migrate'], launcherEnv(dir));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^The embedded database did not start on port \d+ \(configuration file ".*postgresql.auto.conf" contains errors\); see .*\.log\.$/m);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('names the variable when the port is taken', async () => {
    const server = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as net.AddressInfo;
    try {
      const result = await run(['migrate'], launcherEnv(dataDir(), { EMBEDDED_PG_PORT: String(port) }));
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`Port ${port} is already in use; set EMBEDDED_PG_PORT to a free port.`);
    } finally {
      server.close();
    }
  });

  it('stops the server on SIGTERM, leaving no postgres process behind', async () => {
    const dir = dataDir();
    const child = launch(['db'], launcherEnv(dir));
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    await waitUntil(() => stdout.includes('Ctrl-C stops it.'), 90_000);
    const pidFile = readPidFile(dir);
    expect(pidFile).not.toBeNull();
    expect(isAlive(pidFile!.pid)).toBe(true);

    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    await waitUntil(() => !isAlive(pidFile!.pid), 10_000);
    expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('moves a PGlite data directory of an earlier version aside', async () => {
    const dir = dataDir();
    fs.mkdirSync(path.join(dir, 'base'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
    const result = await run(['migrate'], launcherEnv(dir));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/The PGlite data directory of an earlier version was moved to .*pg\.pglite-/);
    const moved = fs.readdirSync(path.dirname(dir)).filter((name) => name.startsWith('pg.pglite-'));
    expect(moved).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, 'postmaster.opts'))).toBe(true);
  });

  it('refuses a data directory of another PostgreSQL major version with what to do', async () => {
    const dir = dataDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '15\n');
    fs.writeFileSync(path.join(dir, 'postmaster.opts'), '/usr/lib/postgresql/15/bin/postgres\n');
    const result = await run(['migrate'], launcherEnv(dir));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('holds a PostgreSQL 15 database and the embedded server is PostgreSQL 18');
    expect(result.stderr).toContain(`mv ${dir} ${dir}.pg15`);
  });

  it('names the new variable when an old PGlite setting is set', async () => {
    const result = await run(['migrate'], launcherEnv(dataDir(), { PGLITE_PORT: '54320' }));
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('PGLITE_PORT was renamed EMBEDDED_PG_PORT; rename it in your environment or .env.');
  });
});
