import { availableParallelism } from 'node:os';
import { defaultSiteProcesses, readLaunchEnv } from '@/scripts/launch/config';

describe('defaultSiteProcesses', () => {
  it('leaves a core to a PostgreSQL on this machine: embedded, on loopback or on a Unix socket', () => {
    expect(defaultSiteProcesses(2, undefined)).toBe(1);
    expect(defaultSiteProcesses(8, undefined)).toBe(7);
    expect(defaultSiteProcesses(4, 'postgres://truyen:secret@127.0.0.1:5432/truyen')).toBe(3);
    expect(defaultSiteProcesses(4, 'postgresql://truyen@localhost/truyen')).toBe(3);
    expect(defaultSiteProcesses(4, 'postgres://truyen@[::1]:5432/truyen')).toBe(3);
    expect(defaultSiteProcesses(4, 'postgres://truyen@/truyen?host=/var/run/postgresql')).toBe(3);
    expect(defaultSiteProcesses(4, 'postgres:///truyen')).toBe(3);
    expect(defaultSiteProcesses(4, 'postgres://truyen@db.internal/truyen?host=/var/run/postgresql')).toBe(3);
  });

  it('runs one process per core when the database is elsewhere', () => {
    expect(defaultSiteProcesses(2, 'postgres://truyen:secret@db.internal:5432/truyen')).toBe(2);
    expect(defaultSiteProcesses(16, 'postgresql://truyen@10.0.0.5/truyen')).toBe(16);
  });

  it('never runs fewer than one', () => {
    expect(defaultSiteProcesses(1, undefined)).toBe(1);
    expect(defaultSiteProcesses(1, 'postgres://truyen@db.internal/truyen')).toBe(1);
  });
});

describe('readLaunchEnv: WEB_CONCURRENCY', () => {
  const launchEnv = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: 'test', ...vars });

  it('is what the operator set', () => {
    expect(readLaunchEnv(launchEnv({ WEB_CONCURRENCY: '3' })).WEB_CONCURRENCY).toBe(3);
  });

  it('unset or empty, follows the cores and where the database is', () => {
    const cores = availableParallelism();
    expect(readLaunchEnv(launchEnv({})).WEB_CONCURRENCY).toBe(Math.max(1, cores - 1));
    expect(readLaunchEnv(launchEnv({ WEB_CONCURRENCY: '' })).WEB_CONCURRENCY).toBe(Math.max(1, cores - 1));
    expect(readLaunchEnv(launchEnv({ DATABASE_URL: 'postgres://truyen@db.internal/truyen' })).WEB_CONCURRENCY).toBe(cores);
  });

  it('refuses a count that is not a whole number from 1 to 64', () => {
    expect(() => readLaunchEnv(launchEnv({ WEB_CONCURRENCY: '0' }))).toThrow(/WEB_CONCURRENCY/);
    expect(() => readLaunchEnv(launchEnv({ WEB_CONCURRENCY: 'hai' }))).toThrow(/WEB_CONCURRENCY/);
  });
});
