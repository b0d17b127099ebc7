import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { readSignedChapter } from '@/server/http/signedChapter';
import { apiRoute } from '@/server/api/handler';
import { limitedEmbeddedLoader } from '@/server/services/costlyWork';
import { limitReaderWork } from '@/server/services/embedding/limits';
import { ownNamesOf, readerChapterText } from '@/server/services/embedding/readerConvert';
import { parseReaderInput, ZSignedChapterInput } from '@/server/services/embedding/readerInputs';
import { isMember } from '@/server/services/membership';

/** The largest legitimate body: a sign and an anonymous reader's 500 names of at most 30 + 60 characters. */
export const config = { api: { bodyParser: { sizeLimit: '192kb' } } };

export default apiRoute({
  /**
   * POST /api/embedding/chapter {sign, names?}: a chapter's text as POST /api/book/text gives it,
   * converted with the reader's own names on top of the story's (signed in: the account's list;
   * anonymous: `names`, kept on the device) when they have any.
   */
  POST: async (req, res) => {
    const { sign, names } = parseReaderInput(ZSignedChapterInput, req.body);
    const signed = readSignedChapter(sign, res);
    if (!signed) return undefined;
    const user = await optionalUser(req, { revocation: 'cached' });
    const userId = user?.uid ?? null;
    const ref = { storyId: signed.storyId, index: signed.index };
    const own = await ownNamesOf(db(), ref.storyId, { userId, sent: names });
    const chapter = await readerChapterText(db(), ref, own, {
      member: () => isMember(db(), userId),
      limit: () => limitReaderWork(db(), req, userId, 'chapter'),
      loadEmbedded: limitedEmbeddedLoader(db(), req, userId),
    });
    return { ...chapter, serverTime: signed.serverTime };
  },
});
