import { eq, max, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { chapters, embeddedSources, stories } from '@/server/db/schema';
import { subquery } from '@/server/db/subquery';
import { notFound } from '@/server/http/errors';
import { adapterById, type TextFetcher } from '@/server/sources';
import { insertChapterRows } from './rows';
import { fromSource } from './links';
import { storyNamesOf } from './names';
import { convertedChapterTitles } from './source';
import { dictionariesReady } from '@/server/convert/operatorDictionaries';
import { recordNewChapters } from '@/server/services/notifications/centre';

export interface StoryCheckResult {
  storyId: number;
  added: number;
  chapters: number;
}

async function sourceOf(database: Database, storyId: number) {
  const [row] = await database
    .select({ site: embeddedSources.site, sourceUrl: embeddedSources.sourceUrl, status: stories.status })
    .from(embeddedSources)
    .innerJoin(stories, eq(stories.id, embeddedSources.storyId))
    .where(eq(embeddedSources.storyId, storyId))
    .limit(1);
  const adapter = row ? adapterById(row.site) : undefined;
  const bookId = adapter?.parseUrl(new URL(row!.sourceUrl))?.bookId;
  if (!row || !adapter || !bookId) throw notFound('Không tìm thấy nguồn của truyện nhúng.');
  return { ...row, adapter, bookId };
}

/**
 * Asks an embedded story's site for its chapter list (and status) and appends the chapters that
 * are new since the last look. Give it an uncached fetcher: a cached list would hide new chapters.
 */
export async function checkStory(database: Database, storyId: number, fetcher: TextFetcher): Promise<StoryCheckResult> {
  const { adapter, bookId, status } = await sourceOf(database, storyId);
  const [book, list] = await fromSource(() =>
    Promise.all([adapter.fetchBook(bookId, fetcher), adapter.fetchChapterList(bookId, fetcher)]),
  );
  const [{ last }] = await database
    .select({ last: max(chapters.index) })
    .from(chapters)
    .where(eq(chapters.storyId, storyId));
  const fresh = list.filter((ref) => ref.index > (last ?? 0));
  await dictionariesReady();
  const titles = convertedChapterTitles(fresh, await storyNamesOf(database, storyId));
  const total = list.reduce((highest, ref) => Math.max(highest, ref.index), last ?? 0);
  const now = new Date();
  await database.transaction(async (tx) => {
    if (fresh.length > 0) {
      await insertChapterRows(tx, storyId, fresh, titles);
      await recordNewChapters(tx, storyId, fresh.map((ref, i) => ({ index: ref.index, title: titles[i] })), now.getTime());
      await tx
        .update(stories)
        .set({ chapterCount: subquery<number>(sql`select count(*) from ${chapters} where ${chapters.storyId} = ${storyId}`), latestChapterAt: now, updatedAt: now })
        .where(eq(stories.id, storyId));
    }
    if (book.status !== status) await tx.update(stories).set({ status: book.status }).where(eq(stories.id, storyId));
    await tx
      .update(embeddedSources)
      .set({ lastCheckedAt: now, lastChapterSeen: total, lastError: null, lastErrorAt: null })
      .where(eq(embeddedSources.storyId, storyId));
  });
  return { storyId, added: fresh.length, chapters: total };
}

/** Notes a failed look so a broken source waits its turn instead of being asked again at once. */
export async function markChecked(database: Database, storyId: number, error?: unknown): Promise<void> {
  await database
    .update(embeddedSources)
    .set({ lastCheckedAt: new Date(), ...(error === undefined ? {} : checkError(error)) })
    .where(eq(embeddedSources.storyId, storyId));
}

/** Why the last check failed, kept for the operator console until a check succeeds. */
function checkError(error: unknown): { lastError: string; lastErrorAt: Date } {
  const message = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return { lastError: message.slice(0, 500), lastErrorAt: new Date() };
}

/** Notes a check put off (the source refuses automated access), without counting it as a look. */
export async function markDeferred(database: Database, storyId: number, error: unknown): Promise<void> {
  await database.update(embeddedSources).set(checkError(error)).where(eq(embeddedSources.storyId, storyId));
}
