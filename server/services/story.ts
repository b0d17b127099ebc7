import { and, eq, sql } from 'drizzle-orm';
import { CHAPTERS_PER_PAGE } from '@/lib/constants';
import type { Paged, Story, StoryCard } from '@/lib/types';
import type { Database } from '../db/client';
import { chapters, stories } from '../db/schema';
import { relatedStories } from './catalogue';
import { listChapters, type ChapterListItem } from './chapters';
import { findVisibleStory, findVisibleStoryDetails, type StoryRow } from './storyCards';

export const RELATED_STORIES = 6;

export interface StoryPageData {
  story: Story;
  /** The first page of the chapter list, oldest first. */
  chapters: Paged<ChapterListItem>;
  related: StoryCard[];
  /** False for stories search engines must not index (embedded, not approved yet). */
  indexable: boolean;
}

/** One page of a story's chapter list with its total. */
export async function chapterPage(
  database: Database,
  story: Pick<StoryRow, 'id' | 'chapterCount'>,
  page: number,
  order: 'asc' | 'desc',
): Promise<Paged<ChapterListItem>> {
  const results = await listChapters(database, story.id, page, CHAPTERS_PER_PAGE, order);
  return { results, total: story.chapterCount, page, perpage: CHAPTERS_PER_PAGE };
}

/** A page of the chapter list of a visible story by id; undefined when there is no such story. */
export async function chapterListOf(
  database: Database,
  storyId: number,
  page: number,
  order: 'asc' | 'desc',
): Promise<Paged<ChapterListItem> | undefined> {
  const [story] = await database
    .select({ id: stories.id, chapterCount: stories.chapterCount })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.hidden, false)))
    .limit(1);
  return story ? chapterPage(database, story, page, order) : undefined;
}

/** Everything the story page shows; undefined for an unknown or hidden slug. */
export async function loadStoryPage(database: Database, slug: string): Promise<StoryPageData | undefined> {
  const found = await findVisibleStoryDetails(database, slug);
  if (!found) return undefined;
  const { row, story } = found;
  const [firstPage, related] = await Promise.all([chapterPage(database, row, 0, 'asc'), relatedStories(database, row.id, RELATED_STORIES)]);
  return {
    story,
    chapters: firstPage,
    related,
    indexable: row.indexable,
  };
}

export interface ChapterPageData {
  /** `embedded`: converted from Chinese (Nhúng), so the reader may inspect words and see the original. */
  story: { _id: string; slug: string; title: string; author: string; cover: string | null; chapters: number; embedded: boolean };
  chapter: { index: number; title: string; vip: boolean };
  /**
   * The chapter's first paragraphs (about OPENING_CHARS), in the server HTML for the first paint
   * and for crawlers; empty for VIP chapters and for embedded ones not fetched yet. The whole
   * text still comes signed from the browser (POST /api/book/text).
   */
  opening: string[];
  prev: number | null;
  next: number | null;
  indexable: boolean;
}

/** Characters of a chapter's opening shown before its text is fetched. */
export const OPENING_CHARS = 1_000;
/** Read from the database for the opening: enough for whole paragraphs past OPENING_CHARS. */
const OPENING_READ_CHARS = 2_000;

/** Whole paragraphs from the start of the text until about `chars` characters (at least one, cut at a word when long). */
export function chapterOpening(text: string, chars = OPENING_CHARS): string[] {
  const paragraphs: string[] = [];
  let length = 0;
  for (const line of text.split('\n')) {
    const paragraph = line.trim();
    if (!paragraph) continue;
    if (length + paragraph.length > chars * 1.3) {
      if (paragraphs.length === 0) paragraphs.push(`${paragraph.slice(0, chars).replace(/\s+\S*$/, '')}…`);
      break;
    }
    paragraphs.push(paragraph);
    length += paragraph.length;
    if (length >= chars) break;
  }
  return paragraphs;
}

/** The server-rendered part of a chapter page: navigation and the text's opening (the rest comes signed from the browser). */
export async function loadChapterPage(database: Database, slug: string, index: number): Promise<ChapterPageData | undefined> {
  const row = await findVisibleStory(database, slug);
  if (!row) return undefined;
  const [chapter] = await database
    .select({
      index: chapters.index,
      title: chapters.title,
      vip: chapters.vip,
      start: sql<string | null>`CASE WHEN ${chapters.vip} THEN NULL ELSE left(${chapters.content}, ${OPENING_READ_CHARS}) END`,
    })
    .from(chapters)
    .where(and(eq(chapters.storyId, row.id), eq(chapters.index, index)))
    .limit(1);
  if (!chapter) return undefined;
  const { start, ...heading } = chapter;
  const [neighbours] = await database
    .select({
      prev: sql<number | null>`max(${chapters.index}) filter (where ${chapters.index} < ${index})`,
      next: sql<number | null>`min(${chapters.index}) filter (where ${chapters.index} > ${index})`,
    })
    .from(chapters)
    .where(eq(chapters.storyId, row.id));
  return {
    story: { _id: String(row.id), slug: row.slug, title: row.title, author: row.author, cover: row.cover, chapters: row.chapterCount, embedded: row.origin === 'embedded' },
    chapter: heading,
    opening: start ? chapterOpening(start) : [],
    prev: neighbours?.prev ?? null,
    next: neighbours?.next ?? null,
    indexable: row.indexable,
  };
}

/** `chuong-N` → N; anything else → undefined. */
export function parseChapterParam(param: string | string[] | undefined): number | undefined {
  const match = typeof param === 'string' ? /^chuong-([1-9]\d{0,6})$/.exec(param) : null;
  return match ? Number(match[1]) : undefined;
}
