import { HISTORY_ROWS_KEPT } from '@/lib/constants';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { bookmarks, readingHistory, stories } from '../db/schema';
import { notFound } from '../http/errors';
import { parseStoryId } from './bookmarks';
import { readerRowInsert, readerRowValues } from './users';

export interface HistoryInput {
  chapter: number;
  truyenId: string;
  audio_time: number;
}

const STORY_NOT_FOUND = 'Không tìm thấy truyện.';

export { HISTORY_ROWS_KEPT };

const recordStatement = preparedStatement<{ id: number }>('record_history', () => {
  const [userId, storyId, chapter, audioTime, now] = ['user', 'story', 'chapter', 'audio', 'now'].map((name) => sql.placeholder(name));
  return sql`
    with reader as (${readerRowInsert()}),
    story as (
      select ${stories.id} as id from ${stories} where ${stories.id} = ${storyId}::int and not ${stories.hidden}
    ),
    added as (
      insert into ${readingHistory} (user_id, story_id, chapter, audio_time, time)
      select ${userId}, id, ${chapter}::int, ${audioTime}::int, ${now}::bigint from story
    ),
    progress as (
      insert into ${bookmarks} (user_id, story_id, chapter, save, time)
      select ${userId}, id, ${chapter}::int, false, ${now}::bigint from story
      on conflict (user_id, story_id) do update set
        chapter = case when excluded.time >= ${bookmarks.time} then excluded.chapter else ${bookmarks.chapter} end,
        time = greatest(${bookmarks.time}, excluded.time),
        seen_chapters = case when ${bookmarks.follow} then greatest(${bookmarks.seenChapters}, excluded.chapter) else ${bookmarks.seenChapters} end
    ),
    dropped as (
      delete from ${readingHistory} where ${readingHistory.id} in (
        select ${readingHistory.id} from ${readingHistory}
        where ${readingHistory.userId} = ${userId} and exists (select 1 from story)
        order by ${readingHistory.time} desc, ${readingHistory.id} desc
        offset ${HISTORY_ROWS_KEPT - 1}
      )
    )
    select id from story`;
});

/**
 * Records that a reader (their row created on their first write) reached a chapter now, in one
 * statement (atomic, and one round trip): a history row; the story's progress entry, created
 * unsaved, or moved to this chapter unless a later reading is already recorded; for a followed
 * story, its chapters up to this one no longer marked new; and the reader's history beyond
 * HISTORY_ROWS_KEPT dropped, oldest first.
 */
export async function recordHistory(database: Database, user: AuthUser, input: HistoryInput, now = Date.now()): Promise<void> {
  const storyId = parseStoryId(input.truyenId);
  if (storyId === null) throw notFound(STORY_NOT_FOUND);
  const rows = await recordStatement(database, { ...readerRowValues(user), story: storyId, chapter: input.chapter, audio: input.audio_time, now });
  if (rows.length === 0) throw notFound(STORY_NOT_FOUND);
}
