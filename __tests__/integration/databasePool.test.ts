import { sql } from 'drizzle-orm';
import { db, pool } from '@/server/db/client';
import { insertStory, resetDatabase } from '../helpers/db';

/**
 * Concurrent parameterised statements through the shared pool: each answer must be the answer to
 * its own query, whatever the interleaving (a socket multiplexer that mixes up extended-protocol
 * messages hands one query another's parameters).
 */
describe('the database pool under concurrency', () => {
  let storyIds: number[];

  beforeAll(async () => {
    await resetDatabase();
    const made = [];
    for (let i = 1; i <= 10; i++) made.push(await insertStory({ title: `Truyện Song Song ${i}`, chapters: 5 }));
    storyIds = made.map((story) => story.id);
  });

  it('answers 50 concurrent mixed queries each with its own rows', async () => {
    const jobs = Array.from({ length: 50 }, (_, i) => async () => {
      const storyId = storyIds[i % storyIds.length];
      const chapter = (i % 5) + 1;
      switch (i % 4) {
        case 0: {
          const { rows } = await pool().query<{ title: string; echo: number }>(
            'select title, $2::int as echo from chapters where story_id = $1 and index = $3',
            [storyId, i, chapter],
          );
          expect(rows).toEqual([{ title: `Chương ${chapter}: Thử nghiệm`, echo: i }]);
          break;
        }
        case 1: {
          const { rows } = await db().execute<{ id: number; n: number; tag: string }>(
            sql`select ${storyId}::int as id, count(*)::int as n, ${`q${i}`}::text as tag from chapters where story_id = ${storyId}`,
          );
          expect(rows).toEqual([{ id: storyId, n: 5, tag: `q${i}` }]);
          break;
        }
        case 2: {
          // A slow statement while the others run on other connections.
          const { rows } = await pool().query<{ a: number; b: string }>('select $1::int as a, $2::text as b, pg_sleep(0.05)', [i, `b${i}`]);
          expect(rows[0]).toMatchObject({ a: i, b: `b${i}` });
          break;
        }
        default: {
          const { rows } = await pool().query<{ content: string }>('select content from chapters where story_id = $1 and index = $2', [storyId, chapter]);
          expect(rows[0].content).toContain(`chương ${chapter}.`);
        }
      }
    });
    await Promise.all(jobs.map((job) => job()));
  });
});
