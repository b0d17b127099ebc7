import { eq, max, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { chapters, embeddedSources, stories, storySources } from '@/server/db/schema';
import { subquery } from '@/server/db/subquery';
import { HttpError, notFound } from '@/server/http/errors';
import type { TextFetcher } from '@/server/sources';
import { bookKey } from '@/server/sources/bookIdentity';
import { alignSource, mapSourceChapters, withFailover } from './storySources';
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

async function statusOf(database: Database, storyId: number) {
  const [row] = await database
    .select({ status: stories.status })
    .from(embeddedSources)
    .innerJoin(stories, eq(stories.id, embeddedSources.storyId))
    .where(eq(embeddedSources.storyId, storyId))
    .limit(1);
  if (!row) throw notFound('Không tìm thấy nguồn của truyện nhúng.');
  return row.status;
}

const NO_CHAPTERS_LEFT = 'Nguồn không còn liệt kê chương nào của truyện.';

/**
 * Asks an embedded story's serving source for its chapter list (and status), with failover to the
 * story's next source (storySources.ts), and appends the chapters that are new since the last
 * look: the source's chapters after the last one that aligns with the story's. Give it an
 * uncached fetcher: a cached list would hide new chapters.
 */
export async function checkStory(database: Database, storyId: number, fetcher: TextFetcher): Promise<StoryCheckResult> {
  const status = await statusOf(database, storyId);
  const { value, source } = await withFailover(
    database,
    storyId,
    () => true,
    async (candidate) => {
      const [book, list] = await fromSource(() =>
        Promise.all([candidate.adapter.fetchBook(candidate.bookId, fetcher), candidate.adapter.fetchChapterList(candidate.bookId, fetcher)]),
      );
      if (list.length === 0) throw new HttpError(502, NO_CHAPTERS_LEFT);
      return { book, list };
    },
  );
  const { book, list } = value;
  const { matched, fresh: newRefs } = await alignSource(database, storyId, source.id, list);
  const [{ last }] = await database
    .select({ last: max(chapters.index) })
    .from(chapters)
    .where(eq(chapters.storyId, storyId));
  const fresh = newRefs.map((ref, i) => ({ ...ref, index: (last ?? 0) + i + 1 }));
  await dictionariesReady();
  const titles = convertedChapterTitles(fresh, await storyNamesOf(database, storyId));
  const now = new Date();
  await database.transaction(async (tx) => {
    await mapSourceChapters(tx, source.id, [...matched, ...fresh.map((ref, i) => ({ index: ref.index, ref: newRefs[i] }))]);
    if (fresh.length > 0) {
      await insertChapterRows(tx, storyId, fresh, titles);
      await recordNewChapters(tx, storyId, fresh.map((ref, i) => ({ index: ref.index, title: titles[i] })), now.getTime());
      await tx
        .update(stories)
        .set({ chapterCount: subquery<number>(sql`select count(*) from ${chapters} where ${chapters.storyId} = ${storyId}`), latestChapterAt: now, updatedAt: now })
        .where(eq(stories.id, storyId));
    }
    if (book.status !== status) await tx.update(stories).set({ status: book.status }).where(eq(stories.id, storyId));
    await tx.update(storySources).set({ chapterCount: list.length, bookKey: bookKey(book) }).where(eq(storySources.id, source.id));
    await tx
      .update(embeddedSources)
      .set({ lastCheckedAt: now, lastChapterSeen: list.length, lastError: null, lastErrorAt: null })
      .where(eq(embeddedSources.storyId, storyId));
  });
  return { storyId, added: fresh.length, chapters: (last ?? 0) + fresh.length };
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
