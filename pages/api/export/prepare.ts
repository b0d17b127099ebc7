import type { PrepareEvent } from '@/lib/export';
import { db } from '@/server/db/client';
import { HttpError } from '@/server/http/errors';
import { exportRoute } from '@/server/api/exportRoute';
import { workLimiters } from '@/server/services/costlyWork';
import { loadEmbeddedChapter } from '@/server/services/embedding/chapterLoader';
import { chaptersToFetch, exportPlan, exportTarget, fetchChapters } from '@/server/services/export';
import { takeFetchShare } from '@/server/services/export/limits';

/** The largest legitimate body: an anonymous reader's 500 names of at most 30 + 60 characters. */
export const config = { api: { bodyParser: { sizeLimit: '192kb' } } };

/** Embedded chapters one file fetches from their source at most before it is made. */
export const FETCH_PER_FILE = 100;

/**
 * POST /api/export/prepare {slug, from?, to?, format}: what the file of that range will hold, as
 * NDJSON lines: `{kind: 'fetching', done, total}` while an embedded story's chapters not fetched
 * yet are fetched from their source, then `{kind: 'ready', plan}` (or `{kind: 'error', message}`).
 * Refusals before the first line are plain `{message}` answers (404 hidden story, 400 range, 503).
 */
export default exportRoute(async (res, { input, reader, claimant, member }) => {
  let target = await exportTarget(db(), input.slug, input, member);
  const wanted = chaptersToFetch(target).slice(0, FETCH_PER_FILE);
  let notice: string | undefined;
  let giveBack: ((notDone: number) => Promise<void>) | undefined;
  if (wanted.length > 0) {
    try {
      giveBack = await takeFetchShare(db(), reader, wanted.length);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 429) throw error;
      notice = error.message;
      wanted.length = 0;
    }
  }
  const send = (event: PrepareEvent) => res.write(`${JSON.stringify(event)}\n`);
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Accel-Buffering': 'no' });
  const aborted = new AbortController();
  res.on('close', () => aborted.abort());
  try {
    if (wanted.length > 0) {
      send({ kind: 'fetching', done: 0, total: wanted.length });
      const load = (ref: { storyId: number; index: number }) => workLimiters().liveFetch.run(() => loadEmbeddedChapter(db(), ref), claimant);
      const fetched = await fetchChapters(target.story.id, wanted, load, { signal: aborted.signal, onProgress: (done, total) => send({ kind: 'fetching', done, total }) });
      await giveBack?.(wanted.length - fetched);
      target = await exportTarget(db(), input.slug, input, member);
    }
    send({ kind: 'ready', plan: { ...exportPlan(target, input.format), ...(notice ? { notice } : {}) } });
  } catch (error) {
    send({ kind: 'error', message: error instanceof HttpError ? error.message : 'Không chuẩn bị được tệp, vui lòng thử lại sau.' });
  }
  res.end();
  return undefined;
});
