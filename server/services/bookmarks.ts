import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Bookmark, StoryCard } from '@/lib/types';
import type { AuthUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import { perDatabase, preparedStatement } from '../db/prepared';
import { bookmarks, readingHistory, stories } from '../db/schema';
import { notFound } from '../http/errors';
// The follow module, not the embedding index: user routes need not load source adapters and convert.
import { newChaptersOf } from './embedding/follow';
import { genresJson, toStoryCard, type StoryRow } from './storyCards';
import { readerRowInsert, readerRowValues } from './users';

type BookmarkRow = typeof bookmarks.$inferSelect;

export interface BookmarkInput {
  _id: string;
  chapter: number;
  save: boolean;
  time: number;
}

export interface SaveBookmarkInput {
  _id: string;
  save: boolean;
  chapter?: number;
  time?: number;
}

type Executor = Pick<Database, 'select' | 'update'>;

const STORY_NOT_FOUND = 'Không tìm thấy truyện.';

/** A story id from the API ("12") as the database's integer, or null for anything else. */
export function parseStoryId(id: string): number | null {
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}

async function visibleStoryIds(database: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await database
    .select({ id: stories.id })
    .from(stories)
    .where(and(inArray(stories.id, ids), eq(stories.hidden, false)));
  return new Set(rows.map((row) => row.id));
}

async function adjustBookmarkCounts(database: Executor, storyIds: number[], delta: 1 | -1): Promise<void> {
  if (storyIds.length === 0) return;
  await database
    .update(stories)
    .set({ bookmarkCount: sql`greatest(${stories.bookmarkCount} + ${delta}, 0)` })
    .where(inArray(stories.id, storyIds));
}

/**
 * Every bookmark and reading-progress entry of a reader, newest first, with its story card and,
 * for a followed embedded story, how many chapters the follow check added since they last read.
 */
export async function listBookmarks(database: Database, userId: string): Promise<Bookmark[]> {
  const rows = await readerBookmarks(database).execute({ user: userId });
  return rows.map(({ bookmark, story, genres }) => toBookmark(bookmark, story, toStoryCard(story, genres)));
}

function toBookmark(bookmark: BookmarkRow, story: StoryRow, card: StoryCard): Bookmark {
  return {
    _id: String(bookmark.storyId),
    chapter: bookmark.chapter,
    save: bookmark.save,
    time: bookmark.time,
    newChapters: newChaptersOf(bookmark, story.chapterCount),
    story: card,
  };
}

/** A reader's bookmarks with their stories' rows and genres, newest first, or (`story`) one of them. */
function selectBookmarks(database: Database, oneStory: boolean) {
  return database
    .select({ bookmark: bookmarks, story: stories, genres: genresJson() })
    .from(bookmarks)
    .innerJoin(stories, eq(stories.id, bookmarks.storyId))
    .where(and(eq(bookmarks.userId, sql.placeholder('user')), eq(stories.hidden, false), oneStory ? eq(bookmarks.storyId, sql.placeholder('story')) : undefined))
    .orderBy(desc(bookmarks.time));
}

const readerBookmarks = perDatabase((database) => selectBookmarks(database, false).prepare('reader_bookmarks'));
const oneBookmark = perDatabase((database) => selectBookmarks(database, true).prepare('one_bookmark'));

/** One entry per story: the later time's chapter, saved if any copy was saved. */
export function collapseByStory(items: BookmarkInput[], now = Date.now()): Map<number, BookmarkInput> {
  const byStory = new Map<number, BookmarkInput>();
  for (const raw of items) {
    const storyId = parseStoryId(raw._id);
    if (storyId === null) continue;
    const item = { ...raw, time: Math.min(raw.time, now) };
    const known = byStory.get(storyId);
    if (!known) byStory.set(storyId, item);
    else {
      const later = item.time > known.time ? item : known;
      byStory.set(storyId, { ...later, save: known.save || item.save });
    }
  }
  return byStory;
}

/**
 * Merges entries (local readings of a device) into a reader's bookmarks: per story the later
 * `time` wins for chapter and time, `save` is kept once set, unknown stories are skipped.
 * Merging the same data twice changes nothing. Answers all of the reader's bookmarks.
 */
export async function mergeBookmarks(database: Database, userId: string, items: BookmarkInput[]): Promise<Bookmark[]> {
  const byStory = collapseByStory(items);
  await database.transaction(async (tx) => {
    const known = await visibleStoryIds(tx, [...byStory.keys()]);
    const values = [...byStory].filter(([storyId]) => known.has(storyId));
    if (values.length === 0) return;
    const savedBefore = await tx
      .select({ storyId: bookmarks.storyId })
      .from(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.save, true), inArray(bookmarks.storyId, values.map(([id]) => id))));
    const alreadySaved = new Set(savedBefore.map((row) => row.storyId));
    await tx
      .insert(bookmarks)
      .values(values.map(([storyId, item]) => ({ userId, storyId, chapter: item.chapter, save: item.save, time: item.time })))
      .onConflictDoUpdate({
        target: [bookmarks.userId, bookmarks.storyId],
        set: {
          chapter: sql`case when excluded.time > ${bookmarks.time} then excluded.chapter else ${bookmarks.chapter} end`,
          time: sql`greatest(${bookmarks.time}, excluded.time)`,
          save: sql`${bookmarks.save} or excluded.save`,
        },
      });
    const newlySaved = values.filter(([storyId, item]) => item.save && !alreadySaved.has(storyId)).map(([id]) => id);
    await adjustBookmarkCounts(tx, newlySaved, 1);
  });
  return listBookmarks(database, userId);
}

/**
 * The statement of a save (values: the reader, the story, the request). The reader's row is
 * created on their first write, as ensureUserExists does; their bookmark of the story moves as
 * saveBookmark says.
 */
const saveStatement = preparedStatement<{ written: boolean }>('save_bookmark', () => {
  const [userId, storyId, save, chapter, time] = ['user', 'story', 'save', 'chapter', 'time'].map((name) => sql.placeholder(name));
  const entry = sql`${bookmarks.userId} = ${userId} and ${bookmarks.storyId} = ${storyId} and exists (select 1 from story)`;
  const newer = sql`${chapter}::int is not null and ${time}::bigint > ${bookmarks.time}`;
  const progress = sql`
    chapter = case when ${newer} then ${chapter}::int else ${bookmarks.chapter} end,
    time = case when ${newer} then ${time}::bigint else ${bookmarks.time} end,
    seen_chapters = case when ${bookmarks.follow} and ${chapter}::int is not null
      then greatest(${bookmarks.seenChapters}, ${chapter}::int) else ${bookmarks.seenChapters} end`;
  return sql`
    with reader as (${readerRowInsert()}),
    story as (
      select ${stories.id} as id from ${stories} where ${stories.id} = ${storyId}::int and not ${stories.hidden}
    ),
    existed as (
      select 1 from ${bookmarks} where ${entry}
    ),
    flipped as (
      update ${bookmarks} set save = ${save}::boolean, ${progress}
      where ${entry} and ${bookmarks.save} <> ${save}::boolean
      returning 1
    ),
    kept as (
      update ${bookmarks} set ${progress}
      where ${entry} and ${bookmarks.save} = ${save}::boolean and ${chapter}::int is not null
    ),
    created as (
      insert into ${bookmarks} (user_id, story_id, chapter, save, time)
      select ${userId}, id, coalesce(${chapter}::int, 1), ${save}::boolean, ${time}::bigint from story
      on conflict (user_id, story_id) do nothing
      returning 1
    ),
    counted as (
      update ${stories} set bookmark_count = greatest(${stories.bookmarkCount} + case when ${save}::boolean then 1 else -1 end, 0)
      where ${stories.id} = ${storyId}::int
        and (exists (select 1 from flipped) or (${save}::boolean and exists (select 1 from created)))
    )
    select exists (select 1 from existed) or exists (select 1 from created) as written from story`;
});

/**
 * Saves or unsaves a story in the cabinet of a reader (created on their first write). A new entry
 * starts at the given chapter (else 1); an existing one keeps its progress unless the given
 * chapter is newer by time; a followed story's chapters up to the given one are no longer new.
 * One statement, so the story's bookmark count (a row every reader saving that story writes) is
 * locked only while it runs. The count moves only when this request changed the entry's saved
 * state (`flipped`, re-checked by PostgreSQL against a concurrent change) or created it saved.
 */
export async function saveBookmark(database: Database, user: AuthUser, input: SaveBookmarkInput, now = Date.now()): Promise<Bookmark> {
  const storyId = parseStoryId(input._id);
  if (storyId === null) throw notFound(STORY_NOT_FOUND);
  const values = {
    ...readerRowValues(user),
    story: storyId,
    save: input.save,
    chapter: input.chapter ?? null,
    time: Math.min(input.time ?? now, now),
  };
  let result = await saveStatement(database, values);
  // Another request of this reader created the entry after this statement's snapshot, so none of
  // its parts applied: once more, now that the entry is there to update.
  if (result[0]?.written === false) result = await saveStatement(database, values);
  if (result.length === 0) throw notFound(STORY_NOT_FOUND);
  const [saved] = await oneBookmark(database).execute({ user: user.uid, story: storyId });
  return toBookmark(saved.bookmark, saved.story, toStoryCard(saved.story, saved.genres));
}

/** Forgets a story for the reader: cabinet entry, progress and its reading history. */
export async function removeBookmark(database: Database, userId: string, id: string): Promise<void> {
  const storyId = parseStoryId(id);
  if (storyId === null) return;
  await database.transaction(async (tx) => {
    const [removed] = await tx
      .delete(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.storyId, storyId)))
      .returning({ save: bookmarks.save });
    await tx.delete(readingHistory).where(and(eq(readingHistory.userId, userId), eq(readingHistory.storyId, storyId)));
    if (removed?.save) await adjustBookmarkCounts(tx, [storyId], -1);
  });
}
