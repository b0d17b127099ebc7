import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { stories, storySources } from '@/server/db/schema';
import { badRequest, HttpError, notFound } from '@/server/http/errors';
import { isTakenDown, TAKEN_DOWN_MESSAGE } from '@/server/services/takedowns';
import { recordAudit, type Actor } from '@/server/services/admin/audit';
import type { SourceBook, SourceChapterRef, TextFetcher } from '@/server/sources';
import { bookKey } from '@/server/sources/bookIdentity';
import { confirmsSameBook } from '@/server/sources/alignment';
import { fromSource, type ResolvedLink } from './links';
import { referenceWithTitles } from './realign';
import { alignSource, mapSourceChapters, MAX_STORY_SOURCES, nextPriority } from './storySources';

/** A book read from a site: its page and whole chapter list, unconverted. */
export interface FetchedBook {
  book: SourceBook;
  list: SourceChapterRef[];
}

export async function fetchBook(link: ResolvedLink, fetcher: TextFetcher): Promise<FetchedBook> {
  const [book, list] = await fromSource(() => Promise.all([link.adapter.fetchBook(link.bookId, fetcher), link.adapter.fetchChapterList(link.bookId, fetcher)]));
  return { book, list };
}

export interface AddedSource {
  sourceId: number;
  storyId: number;
  /** The story's chapters this source has. */
  aligned: number;
}

/** The story whose sources hold the same book (same key), if any: the first embedded. */
export async function storyOfBook(database: Database, key: string): Promise<number | undefined> {
  const [row] = await database
    .select({ storyId: storySources.storyId })
    .from(storySources)
    .innerJoin(stories, eq(stories.id, storySources.storyId))
    .where(and(eq(storySources.bookKey, key), eq(stories.hidden, false)))
    .orderBy(storySources.storyId)
    .limit(1);
  return row?.storyId;
}

/**
 * Adds another site's copy of a story's book as a source of the story: after the sources it
 * already has, its chapters aligned with the story's. Its first chapters must be the story's
 * (by title); a reader's copy must also carry the story's title and author (`checkKey`), an
 * operator may add a copy whose title the site writes differently.
 */
export async function addStorySource(
  database: Database,
  storyId: number,
  link: ResolvedLink,
  fetched: FetchedBook,
  options: { addedBy: 'reader' | 'operator'; fetcher: TextFetcher; checkKey?: string; actor?: Actor },
): Promise<AddedSource> {
  if (await isTakenDown(database, { sourceUrl: link.sourceUrl })) throw new HttpError(403, TAKEN_DOWN_MESSAGE);
  const key = bookKey(fetched.book);
  if (options.checkKey !== undefined && options.checkKey !== key) throw badRequest('Truyện ở liên kết này không trùng tên và tác giả với truyện đang có.');
  const reference = await referenceWithTitles(database, storyId, options.fetcher);
  if (reference.length === 0) throw notFound('Không tìm thấy truyện.');
  if (!confirmsSameBook(reference, fetched.list)) throw badRequest('Các chương đầu ở nguồn này không khớp với truyện, nên không thêm làm nguồn.');
  const { matched } = await alignSource(database, storyId, undefined, fetched.list);
  return database.transaction(async (tx) => {
    await tx.execute(sql`select id from stories where id = ${storyId} for update`);
    const [owner] = await tx.select().from(storySources).where(eq(storySources.sourceUrl, link.sourceUrl));
    if (owner?.storyId === storyId) return { sourceId: owner.id, storyId, aligned: matched.length };
    if (owner) throw badRequest('Nguồn này đã thuộc một truyện khác.');
    const existing = await tx.select().from(storySources).where(eq(storySources.storyId, storyId));
    if (existing.some((source) => source.site === link.adapter.id)) throw badRequest('Truyện đã có một nguồn ở trang này.');
    if (existing.length >= MAX_STORY_SOURCES) throw badRequest(`Một truyện có tối đa ${MAX_STORY_SOURCES} nguồn.`);
    const [source] = await tx
      .insert(storySources)
      .values({
        storyId,
        site: link.adapter.id,
        sourceUrl: link.sourceUrl,
        bookKey: key,
        priority: await nextPriority(tx, storyId),
        chapterCount: fetched.list.length,
        addedBy: options.addedBy,
      })
      .returning({ id: storySources.id });
    await mapSourceChapters(tx, source.id, matched);
    if (options.actor) {
      await recordAudit(tx, options.actor, {
        action: 'story.source.add',
        targetType: 'story',
        targetId: storyId,
        after: { site: link.adapter.id, sourceUrl: link.sourceUrl, aligned: matched.length },
      });
    }
    return { sourceId: source.id, storyId, aligned: matched.length };
  });
}
