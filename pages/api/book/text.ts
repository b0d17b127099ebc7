import { z } from 'zod';
import { CHAPTER_SIGN_MAX_AGE_S } from '@/lib/constants';
import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { env } from '@/server/env';
import { readChapterSign } from '@/server/http/chapterSign';
import { badRequest } from '@/server/http/errors';
import { apiRoute } from '@/server/api/handler';
import { readChapter } from '@/server/services/chapters';
import { limitedEmbeddedLoader } from '@/server/services/costlyWork';
import { isMember } from '@/server/services/membership';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

const ZChapterTextInput = z.object({ sign: z.string().min(1).max(2_000) });
const ZChapterSignPayload = z.object({
  truyenId: z.union([z.string().regex(/^\d{1,10}$/), z.number().int().positive()]).transform(Number),
  index: z.coerce.number().int().min(1).max(1_000_000),
  time: z.number().int(),
});

export const STALE_SIGN_MESSAGE = 'Yêu cầu đọc chương đã hết hạn, hãy tải lại trang.';

/**
 * POST /api/book/text {sign}: the sign binds story and chapter to a time within
 * CHAPTER_SIGN_MAX_AGE_S of the server's clock. Every answer carries `serverTime` (seconds), so a
 * reader whose device clock is off signs with the server's time instead (lib/chapterClock.ts).
 */
export default apiRoute({
  POST: async (req, res) => {
    const { sign } = ZChapterTextInput.parse(req.body);
    const payload = ZChapterSignPayload.safeParse(readChapterSign(sign, env().CHAPTER_SIGN_KEY));
    if (!payload.success) throw badRequest('Yêu cầu đọc chương không hợp lệ.');
    const { truyenId, index, time } = payload.data;
    const serverTime = Math.floor(Date.now() / 1000);
    res.setHeader('Cache-Control', 'private, no-store');
    if (Math.abs(serverTime - time) > CHAPTER_SIGN_MAX_AGE_S) {
      res.status(400).json({ message: STALE_SIGN_MESSAGE, stale: true, serverTime });
      return undefined;
    }
    const user = await optionalUser(req, { revocation: 'cached' });
    const loadEmbedded = limitedEmbeddedLoader(db(), req, user?.uid);
    const chapter = await readChapter(db(), { storyId: truyenId, index }, () => isMember(db(), user?.uid), { loadEmbedded });
    return { ...chapter, serverTime };
  },
});
