import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZIdParam } from '@/server/services/admin/inputs';
import { rejectStoryName, parseAdminNameInput, ZRejectNameInput } from '@/server/services/admin/storyNames';
import { parseInput } from '@/server/services/communityInputs';

/** The largest legitimate body: a name and a note of at most 500 characters. */
export const config = { api: { bodyParser: { sizeLimit: '8kb' } } };

/** POST /api/admin/names/{storyId}/reject {original, translation, note?}: drops the proposals of that form. */
export default operatorRoute({
  POST: async (req, _res, operator) => {
    const { id } = parseInput(ZIdParam, req.query);
    return { message: await rejectStoryName(db(), operator, id, parseAdminNameInput(ZRejectNameInput, req.body)) };
  },
});
