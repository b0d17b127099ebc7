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

describe('readLaunchEnv: DATABASE_OWNER_URL', () => {
  const launchEnv = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: 'test', ...vars });

  it('goes with DATABASE_URL: the owner migrates, the application role serves', () => {
    const config = readLaunchEnv(launchEnv({ DATABASE_URL: 'postgres://truyen_app@db.internal/truyen', DATABASE_OWNER_URL: 'postgres://truyen_owner@db.internal/truyen' }));
    expect(config.DATABASE_OWNER_URL).toBe('postgres://truyen_owner@db.internal/truyen');
    expect(readLaunchEnv(launchEnv({ DATABASE_OWNER_URL: '' })).DATABASE_OWNER_URL).toBeUndefined();
  });

  it('is refused alone, or when it is not a postgres:// URL', () => {
    expect(() => readLaunchEnv(launchEnv({ DATABASE_OWNER_URL: 'postgres://truyen_owner@db.internal/truyen' }))).toThrow(/DATABASE_OWNER_URL: is for a PostgreSQL of your own, with DATABASE_URL/);
    expect(() => readLaunchEnv(launchEnv({ DATABASE_URL: 'postgres://a@db/t', DATABASE_OWNER_URL: 'mysql://b@db/t' }))).toThrow(/DATABASE_OWNER_URL: must be a postgres:\/\/ URL/);
  });
});
