import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZIdParam } from '@/server/services/admin/inputs';
import { lockStoryName, parseAdminNameInput, ZLockNameInput } from '@/server/services/admin/storyNames';
import { parseInput } from '@/server/services/communityInputs';

/** The largest legitimate body: a name and a note of at most 500 characters. */
export const config = { api: { bodyParser: { sizeLimit: '8kb' } } };

/** POST /api/admin/names/{storyId}/lock {original, locked, note?}: locks or unlocks a shared name. */
export default operatorRoute({
  POST: async (req, _res, operator) => {
    const { id } = parseInput(ZIdParam, req.query);
    return { message: await lockStoryName(db(), operator, id, parseAdminNameInput(ZLockNameInput, req.body)) };
  },
});
