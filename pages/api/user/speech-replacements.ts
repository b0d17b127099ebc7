import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { replacementListsOf, saveReplacementList, ZReplacementQuery, ZReplacementSave } from '@/server/services/speechReplacements';

/** The largest legitimate body: 1,000 entries of 100 + 100 characters as JSON, escaped. */
export const config = { api: { bodyParser: { sizeLimit: '512kb' } } };

export default apiRoute({
  /** GET /api/user/speech-replacements?storyId=: {reader, story, disabledDefaults}. */
  async GET(req, res) {
    const user = await requireUser(req);
    const { storyId } = ZReplacementQuery.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    return { message: await replacementListsOf(db(), user.uid, storyId) };
  },
  /** PUT /api/user/speech-replacements {storyId?, entries, disabledDefaults?}: {entries, disabledDefaults, problems}. */
  async PUT(req) {
    const user = await requireUser(req);
    const input = ZReplacementSave.parse(req.body ?? {});
    return { message: await saveReplacementList(db(), user, input) };
  },
});
