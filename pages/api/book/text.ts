import { z } from 'zod';
import { CHAPTER_SIGN_MAX_AGE_S } from '@/lib/constants';
import { readChapterSign } from '@/lib/chapterSign';
import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { env } from '@/server/env';
import { badRequest } from '@/server/http/errors';
import { apiRoute } from '@/server/http/handler';
import { readChapter } from '@/server/services/chapters';
import '@/server/services/embedding/register';
import { isMember } from '@/server/services/membership';

const ZChapterTextInput = z.object({ sign: z.string().min(1).max(2_000) });
const ZChapterSignPayload = z.object({
  truyenId: z.union([z.string().regex(/^\d{1,10}$/), z.number().int().positive()]).transform(Number),
  index: z.coerce.number().int().min(1).max(1_000_000),
  time: z.number().int(),
});

/** POST /api/book/text */
export default apiRoute({
  POST: async (req, res) => {
    const { sign } = ZChapterTextInput.parse(req.body);
    const payload = ZChapterSignPayload.safeParse(readChapterSign(sign, env().CHAPTER_SIGN_KEY));
    if (!payload.success) throw badRequest('Yêu cầu đọc chương không hợp lệ.');
    const { truyenId, index, time } = payload.data;
    if (Math.abs(Date.now() / 1000 - time) > CHAPTER_SIGN_MAX_AGE_S) {
      throw badRequest('Yêu cầu đọc chương đã hết hạn, hãy tải lại trang.');
    }
    const user = await optionalUser(req);
    const chapter = await readChapter(db(), { storyId: truyenId, index }, await isMember(db(), user?.uid));
    res.setHeader('Cache-Control', 'private, no-store');
    return chapter;
  },
});
