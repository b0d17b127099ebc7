import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { readSignedChapter } from '@/server/http/signedChapter';
import { apiRoute } from '@/server/api/handler';
import { limitReaderWork } from '@/server/services/embedding/limits';
import { reconvertParagraphs } from '@/server/services/embedding/readerConvert';
import { parseReaderInput, ZReconvertInput } from '@/server/services/embedding/readerInputs';
import { isMember } from '@/server/services/membership';

/** The largest legitimate body: a sign, 400 line numbers and 500 names of at most 30 + 60 characters. */
export const config = { api: { bodyParser: { sizeLimit: '192kb' } } };

export default apiRoute({
  /**
   * POST /api/embedding/reconvert {sign, lines, names?}: those paragraphs of the chapter the sign
   * names (by line of its original) converted again with the story's shared names and `names`, the
   * reader's own list as the browser holds it just after a fix.
   */
  POST: async (req, res) => {
    const { sign, lines, names } = parseReaderInput(ZReconvertInput, req.body);
    const signed = readSignedChapter(sign, res);
    if (!signed) return undefined;
    const user = await optionalUser(req, { revocation: 'cached' });
    const userId = user?.uid ?? null;
    const paragraphs = await reconvertParagraphs(db(), { storyId: signed.storyId, index: signed.index }, lines, names ?? {}, {
      member: () => isMember(db(), userId),
      limit: () => limitReaderWork(db(), req, userId, 'reconvert'),
    });
    return { message: { paragraphs }, serverTime: signed.serverTime };
  },
});
