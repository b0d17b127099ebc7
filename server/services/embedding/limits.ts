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
