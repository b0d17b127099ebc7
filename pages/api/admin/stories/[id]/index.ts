import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZIdParam, ZUpdateStoryInput } from '@/server/services/admin/inputs';
import { getStory, updateStory } from '@/server/services/admin/stories';
import { parseInput } from '@/server/services/communityInputs';
import { regeneratePage } from '@/server/http/regeneratePage';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default operatorRoute({
  /** GET /api/admin/stories/{id}: the story with its embedded source, if any. */
  GET: async (req) => ({ message: await getStory(db(), parseInput(ZIdParam, req.query).id) }),
  /** PATCH /api/admin/stories/{id} {title?, author?, genres?, status?, description?, cover?}. */
  PATCH: async (req, res, operator) => {
    const { id } = parseInput(ZIdParam, req.query);
    const story = await updateStory(db(), operator, id, parseInput(ZUpdateStoryInput, req.body));
    await regeneratePage(res, `/${story.slug}`);
    return { message: story };
  },
});
