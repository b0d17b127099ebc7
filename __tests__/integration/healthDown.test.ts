import type { NextApiHandler } from 'next';
import { callApi } from '../helpers/api';

describe('GET /api/health with the database down', () => {
  it('answers 503 and says the database is unreachable', async () => {
    // A port nothing listens on; the module registry of this file is its own, so the pool is too.
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:9/postgres';
    const { default: healthHandler } = (await import('@/pages/api/health')) as { default: NextApiHandler };
    const { status, body } = await callApi<{ database: string; message: string }>(healthHandler);
    expect(status).toBe(503);
    expect(body.database).toBe('unreachable');
    expect(body.message).toMatch(/cơ sở dữ liệu/);
  });
});
