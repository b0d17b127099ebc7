import { assertBootConfig, checkServerConfig } from '@/server/bootConfig';
import { logger } from '@/server/logger';

const DB = { DATABASE_URL: 'postgres://u@db.example/truyen' };
const production = { NODE_ENV: 'production' as const, ...DB };
const complete = {
  ...production,
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'truyen-audio',
  NEXT_PUBLIC_FIREBASE_API_KEY: 'AIzaSy-test',
  NEXT_PUBLIC_SITE_URL: 'https://truyen.example',
  VNPAY_TMN_CODE: 'TESTTMN1',
  VNPAY_HASH_SECRET: 'A-REAL-SECRET-FROM-VNPAY-0123456789',
  FIREBASE_SERVICE_ACCOUNT: '{}',
  JOBS_SECRET: 'a-long-jobs-secret',
  DEVICE_COOKIE_SECRET: 'a-device-cookie-secret-of-32-characters-or-more',
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'A'.repeat(43),
};

describe('checkServerConfig', () => {
  it('names every missing production setting, one line each', () => {
    const { problems } = checkServerConfig(production);
    for (const name of ['NEXT_PUBLIC_FIREBASE_PROJECT_ID', 'NEXT_PUBLIC_FIREBASE_API_KEY', 'NEXT_PUBLIC_SITE_URL', 'VNPAY_TMN_CODE', 'VNPAY_HASH_SECRET', 'DEVICE_COOKIE_SECRET']) {
      expect(problems.filter((line) => line.startsWith(`${name}:`))).toHaveLength(1);
    }
  });

  it('refuses the built-in sandbox secret as the payment secret', () => {
    const { problems } = checkServerConfig({ ...complete, VNPAY_HASH_SECRET: 'truyen-audio-sandbox' });
    expect(problems).toEqual(['VNPAY_HASH_SECRET: must not be the built-in sandbox secret']);
  });

  it('refuses the built-in or a short device cookie secret', () => {
    expect(checkServerConfig({ ...complete, DEVICE_COOKIE_SECRET: 'truyen-audio-device-cookie-development' }).problems).toEqual([
      'DEVICE_COOKIE_SECRET: must not be the built-in development secret',
    ]);
    expect(checkServerConfig({ ...complete, DEVICE_COOKIE_SECRET: 'short-but-sixteen+' }).problems).toEqual(['DEVICE_COOKIE_SECRET: must be at least 32 characters in production']);
  });

  it('passes a complete production configuration, and says what optional features are off', () => {
    expect(checkServerConfig(complete)).toEqual({ problems: [], notices: [] });
    const { problems, notices } = checkServerConfig({ ...complete, JOBS_SECRET: '' });
    expect(problems).toEqual([]);
    expect(notices.join('\n')).toMatch(/JOBS_SECRET is not set/);
    const withoutPush = checkServerConfig({ ...complete, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' });
    expect(withoutPush.problems).toEqual([]);
    expect(withoutPush.notices.join('\n')).toMatch(/Web Push is off/);
  });

  it('notes an owner\'s database URL that reached the site\'s settings', () => {
    const { problems, notices } = checkServerConfig({ ...complete, DATABASE_OWNER_URL: 'postgres://owner@db.example/truyen' });
    expect(problems).toEqual([]);
    expect(notices).toEqual([expect.stringMatching(/^DATABASE_OWNER_URL is set in the site's environment/)]);
  });

  it('wants both VAPID keys or none', () => {
    expect(checkServerConfig({ ...complete, VAPID_PRIVATE_KEY: '' }).problems).toEqual([
      'VAPID_PRIVATE_KEY: is required with the other VAPID key (npm run push:keys prints both)',
    ]);
  });

  it('lets demo mode and development start without secrets, and checks settings everywhere', () => {
    const demo = { ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-truyen-audio' };
    expect(checkServerConfig(demo).problems).toEqual([]);
    expect(checkServerConfig(demo).notices.join('\n')).toMatch(/Demo mode/);
    expect(checkServerConfig({ NODE_ENV: 'development', ...DB }).problems).toEqual([]);
    expect(checkServerConfig({ NODE_ENV: 'development', ...DB, TRUST_PROXY: 'nobody' }).problems.join('\n')).toMatch(/^TRUST_PROXY:/);
    expect(checkServerConfig({ ...demo, FIREBASE_PROJECT_ID: 'real-project' }).problems.join('\n')).toMatch(/FIREBASE_AUTH_EMULATOR_HOST/);
  });
});

describe('assertBootConfig', () => {
  it('stops the start with one JSON log line naming every problem, and nothing on the console', () => {
    const consoleCalls = [jest.spyOn(console, 'error'), jest.spyOn(console, 'log')];
    const fatal = jest.spyOn(logger, 'fatal').mockImplementation(() => undefined);
    const exit = jest.fn();
    try {
      expect(assertBootConfig({ ...complete, NEXT_PUBLIC_SITE_URL: '', VNPAY_HASH_SECRET: '' }, exit)).toBe(false);
      expect(exit).toHaveBeenCalledWith(1);
      expect(fatal).toHaveBeenCalledTimes(1);
      const [fields, message] = fatal.mock.calls[0] as unknown as [{ problems: string[] }, string];
      expect(message).toMatch(/cannot start.*2 problems.*NEXT_PUBLIC_SITE_URL: is required.*VNPAY_HASH_SECRET: is required/);
      expect(fields.problems).toEqual([expect.stringMatching(/^NEXT_PUBLIC_SITE_URL: is required/), expect.stringMatching(/^VNPAY_HASH_SECRET: is required/)]);
      for (const spy of consoleCalls) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of [...consoleCalls, fatal]) spy.mockRestore();
    }
  });

  it('logs each notice through the JSON log', () => {
    const log = jest.spyOn(console, 'log');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const fatal = jest.spyOn(logger, 'fatal').mockImplementation(() => undefined);
    try {
      expect(assertBootConfig({ ...complete, NEXT_PUBLIC_SITE_URL: '', JOBS_SECRET: '' }, jest.fn())).toBe(false);
      expect(warn.mock.calls.map((call) => String(call[call.length - 1]))).toContainEqual(expect.stringMatching(/^Configuration: JOBS_SECRET is not set/));
      expect(log).not.toHaveBeenCalled();
    } finally {
      for (const spy of [log, warn, fatal]) spy.mockRestore();
    }
  });
});
