import type { NextApiResponse } from 'next';
import { z } from 'zod';
import { CHAPTER_SIGN_MAX_AGE_S } from '@/lib/constants';
import { env } from '../env';
import { readChapterSign } from './chapterSign';
import { badRequest } from './errors';

export const STALE_SIGN_MESSAGE = 'Yêu cầu đọc chương đã hết hạn, hãy tải lại trang.';

/** The `sign` field of a chapter request (POST /api/book/text and the reader's own conversions). */
export const ZChapterSign = z.string().min(1).max(2_000);

const ZChapterSignPayload = z.object({
  truyenId: z.union([z.string().regex(/^\d{1,10}$/), z.number().int().positive()]).transform(Number),
  index: z.coerce.number().int().min(1).max(1_000_000),
  time: z.number().int(),
});

export interface SignedChapter {
  storyId: number;
  index: number;
  /** The server's time (seconds), which every answer carries. */
  serverTime: number;
}

/**
 * The chapter a sign names (story, chapter, time within CHAPTER_SIGN_MAX_AGE_S of the server's
 * clock); 400 for a sign that does not read. A stale one is answered here (400 `{message, stale,
 * serverTime}`, so the browser signs again with the server's time) and gives undefined.
 */
export function readSignedChapter(sign: string, res: NextApiResponse): SignedChapter | undefined {
  const payload = ZChapterSignPayload.safeParse(readChapterSign(sign, env().CHAPTER_SIGN_KEY));
  if (!payload.success) throw badRequest('Yêu cầu đọc chương không hợp lệ.');
  const { truyenId, index, time } = payload.data;
  const serverTime = Math.floor(Date.now() / 1000);
  res.setHeader('Cache-Control', 'private, no-store');
  if (Math.abs(serverTime - time) > CHAPTER_SIGN_MAX_AGE_S) {
    res.status(400).json({ message: STALE_SIGN_MESSAGE, stale: true, serverTime });
    return undefined;
  }
  return { storyId: truyenId, index, serverTime };
}
