import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { forbidden } from '@/server/http/errors';
import { apiRoute } from '@/server/api/handler';
import { limitedEmbeddedLoader } from '@/server/services/costlyWork';
import { isMember } from '@/server/services/membership';
import { VIP_ONLY_MESSAGE, readVipChapter } from '@/server/services/vipChapters';
import { ZVipChapterInput } from '@/server/services/vipInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/**
 * POST /api/book/textvip {slug, chapterIndex, caus?, source?}: a chapter's text for members
 * (VIP chapters included; an embedded story's chapter is fetched live from its source the first
 * time). Everyone else gets 403. `caus` is accepted for clients that send it and not used.
 */
export default apiRoute({
  POST: async (req, res) => {
    const user = await optionalUser(req, { revocation: 'cached' });
    if (!(await isMember(db(), user?.uid))) throw forbidden(VIP_ONLY_MESSAGE);
    const { slug, chapterIndex, source } = ZVipChapterInput.parse(req.body ?? {});
    res.setHeader('Cache-Control', 'private, no-store');
    return readVipChapter(db(), { slug, chapterIndex, source }, { loadEmbedded: limitedEmbeddedLoader(db(), req, user?.uid) });
  },
});
