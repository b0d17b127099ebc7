import { z } from 'zod';
import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { readSignedChapter, ZChapterSign } from '@/server/http/signedChapter';
import { apiRoute } from '@/server/api/handler';
import { readChapter } from '@/server/services/chapters';
import { limitedEmbeddedLoader } from '@/server/services/costlyWork';
import { isMember } from '@/server/services/membership';

export { STALE_SIGN_MESSAGE } from '@/server/http/signedChapter';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

const ZChapterTextInput = z.object({ sign: ZChapterSign });

/**
 * POST /api/book/text {sign}: the sign binds story and chapter to a time within
 * CHAPTER_SIGN_MAX_AGE_S of the server's clock. Every answer carries `serverTime` (seconds), so a
 * reader whose device clock is off signs with the server's time instead (lib/chapterClock.ts).
 */
export default apiRoute({
  POST: async (req, res) => {
    const { sign } = ZChapterTextInput.parse(req.body);
    const signed = readSignedChapter(sign, res);
    if (!signed) return undefined;
    const user = await optionalUser(req, { revocation: 'cached' });
    const loadEmbedded = limitedEmbeddedLoader(db(), req, user?.uid);
    const chapter = await readChapter(db(), { storyId: signed.storyId, index: signed.index }, () => isMember(db(), user?.uid), { loadEmbedded });
    return { ...chapter, serverTime: signed.serverTime };
  },
});
