import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZIdParam, ZStoryNoteInput } from '@/server/services/admin/inputs';
import { setStoryHidden } from '@/server/services/admin/stories';
import { parseInput } from '@/server/services/communityInputs';
import { regeneratePage } from '@/server/http/regeneratePage';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/admin/stories/{id}/unhide {note}: serves a hidden story again; its page is regenerated. */
export default operatorRoute({
  POST: async (req, res, operator) => {
    const { id } = parseInput(ZIdParam, req.query);
    const { note } = parseInput(ZStoryNoteInput, req.body);
    const { story, slug } = await setStoryHidden(db(), operator, id, false, note);
    await regeneratePage(res, `/${slug}`);
    return { message: story };
  },
});
