import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ChapterText } from '@/lib/types';
import type { Database } from '../db/client';
import { chapters, stories } from '../db/schema';
import { existsIn, subquery } from '../db/subquery';
import { badRequest, notFound } from '../http/errors';
import { readChapter, type ReadChapterOptions } from './chapters';
import { findVisibleStory } from './storyCards';

/** The refusal of a VIP chapter request from anyone but a member. */
export const VIP_ONLY_MESSAGE = 'Chương này chỉ dành cho thành viên VIP. Hãy đăng nhập và nâng cấp VIP để đọc.';

/** The `source` value naming this site itself in a VIP chapter request. */
export const SITE_SOURCE = 'truyenaudio';

export interface VipChapterRequest {
  slug: string;
  chapterIndex: number;
  /** The embedded source's id (e.g. '69shuba') or SITE_SOURCE; absent means the story's own. */
  source?: string;
}

/**
 * A chapter for a member, VIP or not, by story slug. An embedded story's chapter that was never
 * fetched is loaded live from its source by `loadEmbedded`.
 */
export async function readVipChapter(
  database: Database,
  input: VipChapterRequest,
  options: Pick<ReadChapterOptions, 'loadEmbedded'>,
): Promise<ChapterText> {
  const story = await findVisibleStory(database, input.slug);
  if (!story) throw notFound('Không tìm thấy truyện.');
  const ownSource = story.origin === 'embedded' ? story.sourceSite : SITE_SOURCE;
  if (input.source && input.source !== ownSource && input.source !== SITE_SOURCE) {
    throw badRequest('Nguồn truyện không khớp với truyện này.');
  }
  return readChapter(database, { storyId: story.id, index: input.chapterIndex }, true, options);
}

export interface VipStoryItem {
  slug: string;
  title: string;
  author: string;
  cover: string | null;
  /** The first VIP chapter, where the early-access part of the story begins. */
  firstVipChapter: number;
  vipChapters: number;
}

/**
 * Visible stories with VIP chapters, the most recently updated first (shown on /vip). Walks the
 * stories by update time and looks into each one's chapters by its key, so it stops early.
 */
export async function listVipStories(database: Database, limit = 6): Promise<VipStoryItem[]> {
  const vipOf = (column: SQL) => sql`select ${column} from ${chapters} where ${chapters.storyId} = ${stories.id} and ${chapters.vip}`;
  return database
    .select({
      slug: stories.slug,
      title: stories.title,
      author: stories.author,
      cover: stories.cover,
      firstVipChapter: subquery<number>(vipOf(sql`min(${chapters.index})`)).mapWith(Number),
      vipChapters: subquery<number>(vipOf(sql`count(*)`)).mapWith(Number),
    })
    .from(stories)
    .where(and(eq(stories.hidden, false), existsIn(vipOf(sql`1`))))
    .orderBy(desc(stories.updatedAt), asc(stories.id))
    .limit(limit);
}
