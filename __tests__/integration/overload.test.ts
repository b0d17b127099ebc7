import type { NextApiHandler } from 'next';
import type { Pool, PoolClient } from 'pg';
import { callApi } from '../helpers/api';
import { createTestUser } from '../helpers/auth';

/**
 * A saturated database: the pool's one connection is held elsewhere, so requests wait
 * DB_POOL_WAIT_MS and are then turned away with 503 and Retry-After, without half-written data.
 * This file's module registry is its own, so its pool (size 1) is too.
 */

/**
 * Opens the pool's one connection before the test relies on it: on a busy machine a new
 * connection can take longer than the short wait this file sets, and the pool keeps it idle after.
 */
async function openTheConnection(pool: Pool): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
    }
  }
}
process.env.DB_POOL_MAX = '1';
process.env.DB_POOL_WAIT_MS = '500';

type Handler = { default: NextApiHandler };

describe('a saturated database', () => {
  let held: PoolClient | undefined;

  afterEach(() => {
    held?.release();
    held = undefined;
  });

  it('answers 503 with Retry-After and loses nothing already saved', async () => {
    const { db, pool } = await import('@/server/db/client');
    const { comments } = await import('@/server/db/schema');
    const { insertStory, resetDatabase } = await import('../helpers/db');
    const { default: create } = (await import('@/pages/api/comments/create')) as Handler;
    const { default: topLevel } = (await import('@/pages/api/comments/top-level')) as Handler;
    const { default: health } = (await import('@/pages/api/health')) as Handler;

    await openTheConnection(pool());
    await resetDatabase();
    const story = await insertStory({ title: 'Truyện Quá Tải' });
    const reader = await createTestUser('overload');
    const saved = await callApi(create, { method: 'POST', token: reader.token, body: { truyenId: story.id, content: 'Lưu trước khi quá tải' } });
    expect(saved.status).toBe(200);

    held = await pool().connect();
    const refused = await callApi<{ message: string }>(create, { method: 'POST', token: reader.token, body: { truyenId: story.id, content: 'Gửi lúc quá tải' } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body.message).toBe('Hệ thống đang quá tải, vui lòng thử lại sau ít giây.');
    const read = await callApi(topLevel, { method: 'POST', body: { truyenId: story.id } });
    expect(read.status).toBe(503);
    const healthy = await callApi<{ pool: { waiting: number; max: number } }>(health);
    expect(healthy.status).toBe(503);
    expect(healthy.body.pool.max).toBe(1);

    held.release();
    held = undefined;
    const after = await callApi<{ results: { content: string }[] }>(topLevel, { method: 'POST', body: { truyenId: story.id } });
    expect(after.status).toBe(200);
    expect(after.body.results.map((comment) => comment.content)).toEqual(['Lưu trước khi quá tải']);
    expect(await db().select().from(comments)).toHaveLength(1);
  });
});
