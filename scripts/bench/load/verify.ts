import { Pool } from 'pg';
import type { Acknowledged } from './reader';

/**
 * The read-back after the run: every write the site acknowledged is in the database as
 * acknowledged, and every chapter text served was that chapter's text.
 */
export interface Verdict {
  lost: string[];
  wrong: string[];
}

function count<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

export async function verifyWrites(databaseUrl: string, acknowledged: Acknowledged): Promise<Verdict> {
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const lost: string[] = [];
  const wrong: string[] = [];
  try {
    const uids = [...new Set(acknowledged.history.map((row) => row.uid))];
    const history = await pool.query<{ user_id: string; story_id: number; chapter: number }>(
      'select user_id, story_id, chapter from reading_history where user_id = any($1)',
      [uids],
    );
    const stored = count(history.rows, (row) => `${row.user_id}:${row.story_id}:${row.chapter}`);
    for (const [key, expected] of count(acknowledged.history, (row) => `${row.uid}:${row.storyId}:${row.chapter}`)) {
      if ((stored.get(key) ?? 0) < expected) lost.push(`history ${key}: ${expected} acknowledged, ${stored.get(key) ?? 0} stored`);
    }

    const saves = await pool.query<{ key: string; save: boolean }>("select user_id || ':' || story_id as key, save from bookmarks");
    const savedNow = new Map(saves.rows.map((row) => [row.key, row.save]));
    for (const [key, { save }] of acknowledged.saves) {
      if (!savedNow.has(key)) lost.push(`bookmark ${key} missing`);
      else if (savedNow.get(key) !== save) lost.push(`bookmark ${key}: save ${save} acknowledged, ${savedNow.get(key)} stored`);
    }

    const comments = await pool.query<{ id: number; user_id: string; content: string }>('select id, user_id, content from comments where id = any($1)', [
      acknowledged.comments.map((comment) => comment.id),
    ]);
    const commentsById = new Map(comments.rows.map((row) => [row.id, row]));
    for (const comment of acknowledged.comments) {
      const row = commentsById.get(comment.id);
      if (!row) lost.push(`comment ${comment.id} missing`);
      else if (row.user_id !== comment.uid || row.content !== comment.content) wrong.push(`comment ${comment.id} holds another reader's text`);
    }

    const reviews = await pool.query<{ key: string; id: number; content: string }>("select user_id || ':' || story_id as key, id, content from reviews");
    const reviewsByKey = new Map(reviews.rows.map((row) => [row.key, row]));
    for (const [key, review] of acknowledged.reviews) {
      const row = reviewsByKey.get(key);
      if (!row) lost.push(`review ${key} missing`);
      else if (row.content !== review.content) lost.push(`review ${key}: last acknowledged text not stored`);
    }

    const likes = await pool.query<{ key: string }>("select user_id || ':' || review_id as key from review_likes");
    const liked = new Set(likes.rows.map((row) => row.key));
    for (const [key, shouldLike] of acknowledged.likes) {
      if (liked.has(key) !== shouldLike) lost.push(`like ${key}: ${shouldLike ? 'liked' : 'unliked'} acknowledged`);
    }
    const likeCounts = await pool.query<{ id: number; like_count: number; n: number }>(
      'select r.id, r.like_count, count(l.user_id)::int as n from reviews r left join review_likes l on l.review_id = r.id group by r.id having r.like_count <> count(l.user_id)',
    );
    for (const row of likeCounts.rows) wrong.push(`review ${row.id} shows ${row.like_count} likes for ${row.n}`);

    const texts = await pool.query<{ key: string; md5: string }>(
      "select story_id || ':' || index as key, md5(content) as md5 from chapters where (story_id, index) in (select * from unnest($1::int[], $2::int[]))",
      [acknowledged.chapterTexts.map((text) => text.storyId), acknowledged.chapterTexts.map((text) => text.index)],
    );
    const expected = new Map(texts.rows.map((row) => [row.key, row.md5]));
    for (const text of acknowledged.chapterTexts) {
      const key = `${text.storyId}:${text.index}`;
      if (expected.get(key) !== text.md5) wrong.push(`chapter ${key} answered with another text`);
    }
  } finally {
    await pool.end();
  }
  return { lost, wrong };
}
