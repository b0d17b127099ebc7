import type { NextApiRequest } from 'next';
import type { Database } from '@/server/db/client';
import { readerOf } from '@/server/http/reader';
import { enforceReaderLimit, type RateLimitRule } from '@/server/services/rateLimit';

/**
 * Each preview and embed makes the server fetch from a source site: a reader (account, else
 * device within its address's ceiling: server/http/reader.ts) gets a fair share.
 */
export const PREVIEW_RULE: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };
export const EMBED_RULE: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 };

export async function limitSourceRequests(
  database: Database,
  req: Pick<NextApiRequest, 'headers' | 'socket'>,
  userId: string | null,
  action: 'preview' | 'embed',
): Promise<void> {
  const rule = action === 'preview' ? PREVIEW_RULE : EMBED_RULE;
  await enforceReaderLimit(database, `embedding:${action}`, readerOf(req, userId), rule, 'Bạn đã dán quá nhiều liên kết trong thời gian ngắn.');
}

/**
 * Conversions made for one reader (their own names on top of the story's): a chapter's text or
 * its words for the inspector and the other views, paragraphs converted again after a fix, and
 * look-ups of a word. Each is a few milliseconds of one process's CPU; the windows bound a reader.
 */
export const READER_WORK_RULES = {
  chapter: { limit: 60, windowMs: 10 * 60_000 },
  reconvert: { limit: 120, windowMs: 10 * 60_000 },
  lookup: { limit: 300, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export type ReaderWork = keyof typeof READER_WORK_RULES;

const READER_WORK_MESSAGES: Record<ReaderWork, string> = {
  chapter: 'Bạn đã mở quá nhiều chương theo danh sách tên riêng trong thời gian ngắn.',
  reconvert: 'Bạn đã sửa quá nhiều từ trong thời gian ngắn.',
  lookup: 'Bạn đã tra quá nhiều từ trong thời gian ngắn.',
};

/** Counts one conversion of `work` for the reader; 429 with Retry-After beyond the reader's (or address's) share. */
export async function limitReaderWork(database: Database, req: Pick<NextApiRequest, 'headers' | 'socket'>, userId: string | null, work: ReaderWork): Promise<void> {
  await enforceReaderLimit(database, `reader-${work}`, readerOf(req, userId), READER_WORK_RULES[work], READER_WORK_MESSAGES[work]);
}
