import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { readSignedChapter } from '@/server/http/signedChapter';
import { apiRoute } from '@/server/api/handler';
import { limitReaderWork } from '@/server/services/embedding/limits';
import { ownNamesOf, readerChapterDetail } from '@/server/services/embedding/readerConvert';
import { parseReaderInput, ZSignedChapterInput } from '@/server/services/embedding/readerInputs';
import { isMember } from '@/server/services/membership';

/** The largest legitimate body: a sign and an anonymous reader's 500 names of at most 30 + 60 characters. */
export const config = { api: { bodyParser: { sizeLimit: '192kb' } } };

export default apiRoute({
  /**
   * POST /api/embedding/chapter-detail {sign, names?}: every paragraph of an embedded chapter with
   * its Chinese, Hán-Việt and the words of its Vietnamese (the word inspector and the reading
   * views), converted as POST /api/embedding/chapter converts it for this reader.
   */
  POST: async (req, res) => {
    const { sign, names } = parseReaderInput(ZSignedChapterInput, req.body);
    const signed = readSignedChapter(sign, res);
    if (!signed) return undefined;
    const user = await optionalUser(req, { revocation: 'cached' });
    const userId = user?.uid ?? null;
    const ref = { storyId: signed.storyId, index: signed.index };
    const own = await ownNamesOf(db(), ref.storyId, { userId, sent: names });
    const detail = await readerChapterDetail(db(), ref, own, {
      member: () => isMember(db(), userId),
      limit: () => limitReaderWork(db(), req, userId, 'chapter'),
    });
    return { message: detail, serverTime: signed.serverTime };
  },
});
