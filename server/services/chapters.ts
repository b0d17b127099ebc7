import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChapterText } from '@/lib/types';
import type { Database } from '../db/client';
import { perDatabase } from '../db/prepared';
import { chapters, stories } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { countView } from './views';

export const VIP_CHAPTER_MESSAGE = 'Đây là chương VIP. Hãy nâng cấp VIP để đọc và nghe chương này.';

export interface ChapterRef {
  storyId: number;
  index: number;
}

/**
 * Loads the text of an embedded chapter nobody has read yet (fetched from its source, converted
 * and stored). Routes pass `limitedEmbeddedLoader` (server/services/costlyWork.ts), which applies
 * the reader's share and the process's cap around the embedding feature's loader.
 */
export type EmbeddedChapterLoader = (ref: ChapterRef) => Promise<string>;

const chapterOfVisibleStory = perDatabase((database) =>
  database
    .select({
      title: chapters.title,
      content: chapters.content,
      vip: chapters.vip,
      origin: stories.origin,
    })
    .from(chapters)
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .where(and(eq(chapters.storyId, sql.placeholder('story')), eq(chapters.index, sql.placeholder('index')), eq(stories.hidden, false)))
    .limit(1)
    .prepare('chapter_of_visible_story'),
);

async function findChapter(database: Database, ref: ChapterRef) {
  const [row] = await chapterOfVisibleStory(database).execute({ story: ref.storyId, index: ref.index });
  return row;
}

export interface ReadChapterOptions {
  countsView?: boolean;
  /** Required so that no route forgets it: without it embedded chapters would never load. */
  loadEmbedded: EmbeddedChapterLoader;
}

/**
 * A chapter's text for a reader; VIP chapters only for members. `member` is the answer, or how to
 * find it out, asked only for a VIP chapter. `countsView: false` for reads that are not a new view
 * (the audio route is asked again for every byte range).
 */
export async function readChapter(
  database: Database,
  ref: ChapterRef,
  member: boolean | (() => Promise<boolean>),
  { countsView = true, loadEmbedded }: ReadChapterOptions,
): Promise<ChapterText> {
  const chapter = await findChapter(database, ref);
  if (!chapter) throw notFound('Không tìm thấy chương truyện.');
  if (chapter.vip && !(typeof member === 'boolean' ? member : await member())) throw new HttpError(403, VIP_CHAPTER_MESSAGE);
  let content = chapter.content;
  if (content === null) {
    if (chapter.origin !== 'embedded') throw notFound('Chương truyện chưa có nội dung.');
    content = await loadEmbedded(ref);
  }
  if (countsView) countView(database, ref.storyId);
  return { message: content, title: chapter.title, index: ref.index };
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
