import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZIdParam, ZStoryNoteInput } from '@/server/services/admin/inputs';
import { removeStoryById } from '@/server/services/admin/stories';
import { parseInput } from '@/server/services/communityInputs';
import { regeneratePage } from '@/server/http/regeneratePage';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/admin/stories/{id}/remove {note}: deletes the story with its chapters; the takedown stays on record. */
export default operatorRoute({
  POST: async (req, res, operator) => {
    const { id } = parseInput(ZIdParam, req.query);
    const { note } = parseInput(ZStoryNoteInput, req.body);
    const { slug, ...removed } = await removeStoryById(db(), operator, id, note);
    await regeneratePage(res, `/${slug}`);
    return { message: removed };
  },
});
