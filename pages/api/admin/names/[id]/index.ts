import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZIdParam } from '@/server/services/admin/inputs';
import { storyNamesForOperator } from '@/server/services/admin/storyNames';
import { parseInput } from '@/server/services/communityInputs';

/** No body is read. */
export const config = { api: { bodyParser: { sizeLimit: '1kb' } } };

/** GET /api/admin/names/{storyId}: the story's pending proposals and shared names list. */
export default operatorRoute({
  GET: async (req) => {
    const { id } = parseInput(ZIdParam, req.query);
    return { message: await storyNamesForOperator(db(), id) };
  },
});
