/**
 * A token check that fails on the server's side (the identity service unreachable) is a 503 with
 * Retry-After and a warning naming the reason, never a silent 401. Its own file: firebase-admin
 * keeps the emulator address it first used, so this process never gets the real one back.
 */
import meHandler from '@/pages/api/user/me';
import { logger } from '@/server/logger';
import { callApi } from '../helpers/api';
import { createTestUser } from '../helpers/auth';
import { resetDatabase } from '../helpers/db';

beforeAll(async () => {
  await resetDatabase();
});

describe('a token check that fails on the server side', () => {
  it('answers 503 with Retry-After and logs a warning with the reason, not the token', async () => {
    const reader = await createTestUser('keys-down');
    const warn = jest.spyOn(logger, 'warn');
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9';
    try {
      const answer = await callApi<{ message: string }>(meHandler, { token: reader.token });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('30');
      expect(answer.body.message).toMatch(/phiên đăng nhập/);
      const call = warn.mock.calls.find(([, message]) => message === 'token verification failed on the server side');
      expect(call?.[0]).toMatchObject({ reason: expect.any(String), detail: expect.any(String) });
      expect(JSON.stringify(call)).not.toContain(reader.token);
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
      warn.mockRestore();
    }
  });
});

