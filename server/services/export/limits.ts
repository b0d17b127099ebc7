import type { Database } from '@/server/db/client';
import { env } from '@/server/env';
import type { Reader } from '@/server/http/reader';
import { WorkLimiter } from '@/server/http/workLimiter';
import { giveBackReaderShare, takeReaderShare, type RateLimitRule } from '@/server/services/rateLimit';

/**
 * "Tải về" is costly work (README, Fair shares): a reader gets EXPORT_FILES_PER_HOUR files and
 * EXPORT_CHAPTERS_PER_DAY chapters in them (a day is a UTC day), and EXPORT_FETCH_PER_HOUR
 * embedded chapters fetched from their sources for them (429 with Retry-After beyond); a process
 * writes EXPORT_CONCURRENCY files at once, the turns shared fairly between readers (503 beyond).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const exportRules = () => ({
  files: { limit: env().EXPORT_FILES_PER_HOUR, windowMs: HOUR_MS } satisfies RateLimitRule,
  chapters: { limit: env().EXPORT_CHAPTERS_PER_DAY, windowMs: DAY_MS } satisfies RateLimitRule,
  fetches: { limit: env().EXPORT_FETCH_PER_HOUR, windowMs: HOUR_MS } satisfies RateLimitRule,
});

/** Takes one file and its chapters from the reader's shares (nothing when either does not fit). */
export async function takeExportShare(database: Database, reader: Reader, chapterCount: number, now = Date.now()): Promise<void> {
  const rules = exportRules();
  await takeReaderShare(database, 'export-chapters', reader, rules.chapters, chapterCount, `Bạn đã tải quá nhiều chương hôm nay (tối đa ${rules.chapters.limit.toLocaleString('vi-VN')} chương mỗi ngày).`, now);
  try {
    await takeReaderShare(database, 'export-files', reader, rules.files, 1, `Bạn đã tải quá nhiều tệp trong một giờ (tối đa ${rules.files.limit} tệp).`, now);
  } catch (error) {
    await giveBackReaderShare(database, 'export-chapters', reader, rules.chapters, chapterCount, now);
    throw error;
  }
}

/**
 * Takes `count` fetches from the reader's hourly share of chapters fetched from sources for a
 * file; the returned function gives back those not done (a source that stopped, a cancel).
 */
export async function takeFetchShare(database: Database, reader: Reader, count: number, now = Date.now()): Promise<(notDone: number) => Promise<void>> {
  const rule = exportRules().fetches;
  await takeReaderShare(database, 'export-fetches', reader, rule, count, `Bạn đã yêu cầu tải quá nhiều chương mới từ trang nguồn trong một giờ (tối đa ${rule.limit} chương).`, now);
  return (notDone) => giveBackReaderShare(database, 'export-fetches', reader, rule, Math.min(notDone, count), now);
}

let limiter: WorkLimiter | undefined;

/** The process's turns for making files: EXPORT_CONCURRENCY at once, one waiting per reader. */
export function exportLimiter(): WorkLimiter {
  limiter ??= createExportLimiter(env().EXPORT_CONCURRENCY);
  return limiter;
}

export function createExportLimiter(concurrency: number, addressReaders = env().ADDRESS_READERS): WorkLimiter {
  return new WorkLimiter({
    concurrency,
    queue: concurrency * 4,
    perReader: 1,
    addressReaders,
    maxWaitMs: 20_000,
    message: 'Máy chủ đang bận tạo tệp cho nhiều người đọc, vui lòng thử lại sau ít giây.',
    retryAfterSeconds: 15,
  });
}
