import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChapterText } from '@/lib/types';
import type { Database } from '../db/client';
import { chapters, stories } from '../db/schema';
import { HttpError, notFound } from '../http/errors';

export const VIP_CHAPTER_MESSAGE = 'Đây là chương VIP. Hãy nâng cấp VIP để đọc và nghe chương này.';

export interface ChapterRef {
  storyId: number;
  index: number;
}

/** Loads the text of an embedded chapter not fetched yet; set by the embedding feature. */
export type ChapterContentLoader = (database: Database, ref: ChapterRef) => Promise<string>;
let embeddedLoader: ChapterContentLoader | null = null;
export function setEmbeddedChapterLoader(loader: ChapterContentLoader): void {
  embeddedLoader = loader;
}

async function findChapter(database: Database, ref: ChapterRef) {
  const [row] = await database
    .select({
      title: chapters.title,
      content: chapters.content,
      vip: chapters.vip,
      origin: stories.origin,
    })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .where(and(eq(chapters.storyId, ref.storyId), eq(chapters.index, ref.index), eq(stories.hidden, false)))
    .limit(1);
  return row;
}

/**
 * A chapter's text for a reader; VIP chapters only for members. `countsView: false` for reads that
 * are not a new view (the audio route is asked again for every byte range).
 */
export async function readChapter(
  database: Database,
  ref: ChapterRef,
  member: boolean,
  { countsView = true }: { countsView?: boolean } = {},
): Promise<ChapterText> {
  const chapter = await findChapter(database, ref);
  if (!chapter) throw notFound('Không tìm thấy chương truyện.');
  if (chapter.vip && !member) throw new HttpError(403, VIP_CHAPTER_MESSAGE);
  let content = chapter.content;
  if (content === null) {
    if (chapter.origin !== 'embedded' || !embeddedLoader) throw notFound('Chương truyện chưa có nội dung.');
    content = await embeddedLoader(database, ref);
  }
  if (countsView) void countView(database, ref.storyId);
  return { message: content, title: chapter.title, index: ref.index };
}

/** Counts a chapter view towards the rankings; a failure never affects the reader. */
async function countView(database: Database, storyId: number): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  try {
    await database
      .update(stories)
      .set({
        viewsTotal: sql`${stories.viewsTotal} + 1`,
        viewsDay: sql`${stories.viewsDay} + 1`,
        viewsWeek: sql`${stories.viewsWeek} + 1`,
        viewsMonth: sql`${stories.viewsMonth} + 1`,
      })
      .where(eq(stories.id, storyId));
    await database.execute(
      sql`insert into story_views_daily (story_id, day, views) values (${storyId}, ${day}, 1)
          on conflict (story_id, day) do update set views = story_views_daily.views + 1`,
    );
  } catch {
    // Rankings may lag by a view; reading must not fail for it.
  }
}

export interface ChapterListItem {
  index: number;
  title: string;
  vip: boolean;
  updatedAt: number;
}

/** One page of a story's chapter list, oldest or newest first. */
export async function listChapters(
  database: Database,
  storyId: number,
  page: number,
  perpage: number,
  order: 'asc' | 'desc',
): Promise<ChapterListItem[]> {
  const rows = await database
    .select({ index: chapters.index, title: chapters.title, vip: chapters.vip, updatedAt: chapters.updatedAt })
    .from(chapters)
    .where(eq(chapters.storyId, storyId))
    .orderBy(order === 'asc' ? asc(chapters.index) : sql`${chapters.index} desc`)
    .limit(perpage)
    .offset(page * perpage);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.getTime() }));
}
