import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { chapters, storySourceChapters, storySources } from '@/server/db/schema';
import { sourceSettings } from '@/server/env';
import { HttpError } from '@/server/http/errors';
import { logger } from '@/server/logger';
import { recordAudit, type Actor } from '@/server/services/admin/audit';
import { adapterById, type SourceAdapter, type SourceChapterRef } from '@/server/sources';
import { alignChapters, type AlignableChapter } from '@/server/sources/alignment';

/**
 * The sources of an embedded story and their health: which one serves, failures counted per
 * source, the hand-over to the next after SOURCE_FAILOVER_AFTER failures in a row (logged and
 * written to the audit log), and the return of a source that handed over once it answers again.
 * Nothing here loops: a read tries at most two sources, and a story whose sources all fail keeps
 * its source and what was read, and says so.
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Writer = Pick<Database, 'insert' | 'update' | 'select' | 'execute'>;

/** The most sources one story holds (the supported sites, each once). */
export const MAX_STORY_SOURCES = 6;

/** Who switches sources on its own: the audit log's actor for failovers and returns. */
export const SYSTEM_ACTOR: Actor = { id: 'system', email: 'system' };

export type StorySource = typeof storySources.$inferSelect;

export interface SourceAt extends StorySource {
  adapter: SourceAdapter;
  bookId: string;
}

export const ALL_SOURCES_FAILING = 'Mọi nguồn của truyện này đang lỗi nên chương này chưa tải được; các chương đã tải vẫn đọc được. Vui lòng thử lại sau.';

function withAdapter(row: StorySource): SourceAt | null {
  const adapter = adapterById(row.site);
  const bookId = adapter?.parseUrl(new URL(row.sourceUrl))?.bookId;
  return adapter && bookId ? { ...row, adapter, bookId } : null;
}

/** A story's sources in order of preference, each with its adapter and book id. */
export async function sourcesOf(database: Pick<Database, 'select'>, storyId: number): Promise<SourceAt[]> {
  const rows = await database.select().from(storySources).where(eq(storySources.storyId, storyId)).orderBy(asc(storySources.priority), asc(storySources.id));
  return rows.flatMap((row) => withAdapter(row) ?? []);
}

/** Whether a source may be asked now: it serves, or it has not failed its way out, or its wait is over. */
export function usable(source: StorySource, now = Date.now()): boolean {
  if (source.serving) return true;
  if (source.retryAt) return source.retryAt.getTime() <= now;
  return source.failures < sourceSettings().SOURCE_FAILOVER_AFTER;
}

/** What a failure was, for the console: the error's message without its stack. */
export function failureReason(error: unknown): string {
  const named = error instanceof Error && error.name !== 'Error' && !(error instanceof HttpError);
  const message = error instanceof Error ? `${named ? `${error.name}: ` : ''}${error.message}` : String(error);
  const cause = error instanceof HttpError && error.cause instanceof Error ? ` (chi tiết: ${error.cause.message})` : '';
  return `${message}${cause}`.slice(0, 500);
}

/** A source's chapter urls by story chapter index. */
export async function chapterUrlsOf(database: Pick<Database, 'select'>, sourceIds: number[], index: number): Promise<Map<number, string>> {
  if (sourceIds.length === 0) return new Map();
  const rows = await database
    .select({ sourceId: storySourceChapters.sourceId, url: storySourceChapters.url })
    .from(storySourceChapters)
    .where(and(inArray(storySourceChapters.sourceId, sourceIds), eq(storySourceChapters.chapterIndex, index)));
  return new Map(rows.map((row) => [row.sourceId, row.url]));
}

/**
 * The story's chapters to align another source against: each index with the Chinese title one of
 * its sources gives (the most preferred that has one), and `forSource`'s own URL where it has one.
 */
export async function referenceChapters(database: Pick<Database, 'select'>, storyId: number, forSource?: number): Promise<AlignableChapter[]> {
  const rows = await database
    .select({ index: chapters.index, sourceId: storySourceChapters.sourceId, url: storySourceChapters.url, title: storySourceChapters.title, priority: storySources.priority })
    .from(chapters)
    .leftJoin(storySources, eq(storySources.storyId, chapters.storyId))
    .leftJoin(storySourceChapters, and(eq(storySourceChapters.sourceId, storySources.id), eq(storySourceChapters.chapterIndex, chapters.index)))
    .where(eq(chapters.storyId, storyId))
    .orderBy(asc(chapters.index), asc(storySources.priority));
  const byIndex = new Map<number, AlignableChapter>();
  for (const row of rows) {
    const entry = byIndex.get(row.index) ?? { index: row.index, title: '' };
    if (!entry.title && row.title) entry.title = row.title;
    if (forSource !== undefined && row.sourceId === forSource) entry.url = row.url ?? undefined;
    byIndex.set(row.index, entry);
  }
  return [...byIndex.values()];
}

/** Writes where a source has each of the story's chapters (story index → the source's chapter). */
export async function mapSourceChapters(tx: Pick<Database, 'insert'>, sourceId: number, pairs: ReadonlyArray<{ index: number; ref: SourceChapterRef }>): Promise<void> {
  for (let start = 0; start < pairs.length; start += 500) {
    const batch = pairs.slice(start, start + 500);
    await tx
      .insert(storySourceChapters)
      .values(batch.map(({ index, ref }) => ({ sourceId, chapterIndex: index, url: ref.url, title: ref.title })))
      .onConflictDoUpdate({
        target: [storySourceChapters.sourceId, storySourceChapters.chapterIndex],
        set: { url: sql`excluded.url`, title: sql`excluded.title` },
      });
  }
}

export interface Alignment {
  /** The source's chapters matched to the story's, by story index. */
  matched: Array<{ index: number; ref: SourceChapterRef }>;
  /** The source's chapters after the last matched one: new to the story. */
  fresh: SourceChapterRef[];
}

/** A source's chapter list against the story's chapters. */
export async function alignSource(database: Pick<Database, 'select'>, storyId: number, sourceId: number | undefined, list: readonly SourceChapterRef[]): Promise<Alignment> {
  const reference = await referenceChapters(database, storyId, sourceId);
  const positions = alignChapters(reference, list);
  const matched = list.flatMap((ref) => (positions.has(ref.index) ? [{ index: positions.get(ref.index)!, ref }] : []));
  const lastMatched = list.reduce((last, ref, i) => (positions.has(ref.index) ? i : last), -1);
  return { matched, fresh: lastMatched < 0 ? [] : list.slice(lastMatched + 1).filter((ref) => !positions.has(ref.index)) };
}

/** Notes an answer that parsed: the source's failures start over. */
export async function recordSuccess(database: Writer, source: StorySource): Promise<void> {
  if (source.failures === 0 && source.retryAt === null) return;
  await database.update(storySources).set({ failures: 0, retryAt: null }).where(eq(storySources.id, source.id));
}

/**
 * Counts a failure of a source; the serving source that reaches SOURCE_FAILOVER_AFTER hands over
 * to the next usable one. Returns the source that serves afterwards (the same one when nothing
 * changed or no other source is usable).
 */
export async function recordFailure(database: Database, source: StorySource, error: unknown): Promise<{ switched: boolean; allFailing: boolean }> {
  const reason = failureReason(error);
  const { SOURCE_FAILOVER_AFTER, SOURCE_RETRY_MINUTES } = sourceSettings();
  return database.transaction(async (tx) => {
    const [row] = await tx
      .update(storySources)
      .set({ failures: sql`${storySources.failures} + 1`, lastError: reason, lastErrorAt: new Date() })
      .where(eq(storySources.id, source.id))
      .returning();
    if (!row || row.failures < SOURCE_FAILOVER_AFTER) return { switched: false, allFailing: false };
    const retryAt = new Date(Date.now() + SOURCE_RETRY_MINUTES * 60_000);
    await tx.update(storySources).set({ retryAt }).where(eq(storySources.id, row.id));
    if (!row.serving) return { switched: false, allFailing: false };
    const others = await tx
      .select()
      .from(storySources)
      .where(and(eq(storySources.storyId, row.storyId), sql`${storySources.id} <> ${row.id}`))
      .orderBy(asc(storySources.priority))
      .for('update');
    const next = others.find((candidate) => usable(candidate) && withAdapter(candidate));
    if (!next) {
      logger.warn({ storyId: row.storyId, source: row.sourceUrl, reason }, 'every source of the story is failing');
      return { switched: false, allFailing: true };
    }
    await switchServing(tx, row, next, 'story.source.failover', `${row.failures} lỗi liên tiếp: ${reason}`);
    return { switched: true, allFailing: false };
  });
}

/** Makes `to` the story's serving source, in the log and the audit log. */
export async function switchServing(tx: Pick<Database, 'update' | 'insert'>, from: StorySource, to: StorySource, action: string, note: string, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  await tx.update(storySources).set({ serving: false }).where(eq(storySources.id, from.id));
  await tx.update(storySources).set({ serving: true, failures: 0, retryAt: null }).where(eq(storySources.id, to.id));
  await recordAudit(tx, actor, {
    action,
    targetType: 'story',
    targetId: from.storyId,
    before: { site: from.site, sourceUrl: from.sourceUrl },
    after: { site: to.site, sourceUrl: to.sourceUrl },
    note: note.slice(0, 500),
  });
  logger.warn({ storyId: from.storyId, from: from.sourceUrl, to: to.sourceUrl, action, note }, 'story source switched');
}

/** A source that handed over answered again: it serves again if it comes before the serving one. */
async function returnIfPreferred(database: Database, source: StorySource): Promise<void> {
  if (source.serving) return;
  await database.transaction(async (tx) => {
    const [serving] = await tx
      .select()
      .from(storySources)
      .where(and(eq(storySources.storyId, source.storyId), eq(storySources.serving, true)))
      .for('update');
    if (!serving || serving.priority <= source.priority) return;
    await switchServing(tx, serving, source, 'story.source.recover', 'nguồn ưu tiên trả lời lại');
  });
}

export interface SourceAttempt<T> {
  value: T;
  source: SourceAt;
}

/**
 * Runs `read` against the story's sources: the most preferred usable one that `has` the thing
 * asked for first; when it fails and that failure made it hand over (or it was a source being
 * tried again), once more against the next. At most two sources per call.
 */
export async function withFailover<T>(
  database: Database,
  storyId: number,
  has: (source: SourceAt) => boolean,
  read: (source: SourceAt) => Promise<T>,
): Promise<SourceAttempt<T>> {
  const sources = (await sourcesOf(database, storyId)).filter(has);
  if (sources.length === 0) throw new HttpError(502, 'Chương này chưa có ở nguồn nào của truyện.');
  const order = sources.filter((source) => usable(source));
  if (order.length === 0) throw new HttpError(503, ALL_SOURCES_FAILING, Math.ceil(sourceSettings().SOURCE_RETRY_MINUTES * 60));
  let lastError: unknown;
  for (const source of order.slice(0, 2)) {
    try {
      const value = await read(source);
      await recordSuccess(database, source);
      await returnIfPreferred(database, source);
      return { value, source };
    } catch (error) {
      if (error instanceof HttpError && error.status < 500 && error.status !== 404) throw error;
      lastError = error;
      const { switched, allFailing } = await recordFailure(database, source, error);
      if (allFailing) throw new HttpError(503, ALL_SOURCES_FAILING, Math.ceil(sourceSettings().SOURCE_RETRY_MINUTES * 60));
      if (source.serving && !switched) throw error;
    }
  }
  throw lastError;
}

/** The next priority for a story's new source. */
export async function nextPriority(database: Pick<Database, 'select'>, storyId: number): Promise<number> {
  const [{ highest }] = await database.select({ highest: max(storySources.priority) }).from(storySources).where(eq(storySources.storyId, storyId));
  return (highest ?? -1) + 1;
}
