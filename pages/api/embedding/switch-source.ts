import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { readSignedChapter } from '@/server/http/signedChapter';
import { apiRoute } from '@/server/api/handler';
import { limitedSourceSwitch } from '@/server/services/costlyWork';
import { parseReaderInput, ZSignedChapterInput } from '@/server/services/embedding/readerInputs';
import { adapterById } from '@/server/sources';

export const config = { api: { bodyParser: { sizeLimit: '192kb' } } };

export default apiRoute({
  /**
   * POST /api/embedding/switch-source {sign}: "Đổi nguồn" on an embedded chapter that failed to
   * load: the chapter is read from another of the story's sources and kept; the reader then asks
   * for it as usual. Answers the site that gave it ({site, name}; null when it was already read),
   * 409 for a story with one source, 502 when no other source gave it.
   */
  POST: async (req, res) => {
    const { sign } = parseReaderInput(ZSignedChapterInput, req.body);
    const signed = readSignedChapter(sign, res);
    if (!signed) return undefined;
    const user = await optionalUser(req, { revocation: 'cached' });
    const { site } = await limitedSourceSwitch(db(), req, user?.uid ?? null, { storyId: signed.storyId, index: signed.index });
    return { message: { site, name: site ? (adapterById(site)?.name ?? site) : null } };
  },
});
