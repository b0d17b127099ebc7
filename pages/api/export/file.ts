import { db } from '@/server/db/client';
import { env } from '@/server/env';
import { badRequest } from '@/server/http/errors';
import { logger } from '@/server/logger';
import { exportRoute } from '@/server/api/exportRoute';
import { ownNamesOf } from '@/server/services/embedding/readerConvert';
import { attachmentHeader, CONTENT_TYPES, exportPlan, exportTarget, isAbort, streamExport } from '@/server/services/export';
import { takeExportShare } from '@/server/services/export/limits';

/** The largest legitimate body: an anonymous reader's 500 names; the answer is a file of any size. */
export const config = { api: { bodyParser: { sizeLimit: '192kb' }, responseLimit: false } };

/** The longest a file may take to send: a receiver that barely reads gives its turn back then. */
export const FILE_DEADLINE_MS = 30 * 60_000;

export const NOTHING_TO_EXPORT = 'Khoảng chương này không có chương nào bạn tải được.';

/**
 * POST /api/export/file {slug, from?, to?, format, lineEnding?, names?}: the file itself
 * (`application/epub+zip` or UTF-8 text), streamed as it is written, with `X-Export-Chapters` and
 * `X-Export-Estimate` (bytes, for a progress bar). VIP chapters only for members (the file says
 * what it left out); embedded chapters with the reader's own names. 404 for a hidden story;
 * 429 + Retry-After beyond the reader's files per hour or chapters per day; 503 when busy.
 */
export default exportRoute(async (res, { input, userId, reader, member }) => {
  const target = await exportTarget(db(), input.slug, input, member);
  if (target.selection.included.length === 0) throw badRequest(NOTHING_TO_EXPORT);
  await takeExportShare(db(), reader, target.selection.included.length);
  const own = target.story.origin === 'embedded' ? await ownNamesOf(db(), target.story.id, { userId, sent: input.names }) : {};
  const plan = exportPlan(target, input.format);
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[input.format],
    'Content-Disposition': attachmentHeader(plan.fileName),
    'Cache-Control': 'private, no-store',
    'X-Accel-Buffering': 'no',
    'X-Export-Chapters': String(plan.chapters),
    'X-Export-Estimate': String(plan.estimatedBytes),
  });
  const aborted = new AbortController();
  res.on('close', () => aborted.abort());
  try {
    await streamExport(db(), res, target, { format: input.format, lineEnding: input.lineEnding, own, siteUrl: env().SITE_URL, signal: AbortSignal.any([aborted.signal, AbortSignal.timeout(FILE_DEADLINE_MS)]) });
  } catch (error) {
    if (!isAbort(error)) logger.error({ err: error, slug: input.slug }, 'export failed while streaming');
    res.destroy();
  }
  return undefined;
});
