import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { listNameStories, ZNameStoriesQuery } from '@/server/services/admin/storyNames';
import { parseInput } from '@/server/services/communityInputs';

/** No body is read. */
export const config = { api: { bodyParser: { sizeLimit: '1kb' } } };

/** GET /api/admin/names?page&perpage: embedded stories with name proposals or shared names, the most pending first. */
export default operatorRoute({
  GET: async (req) => listNameStories(db(), parseInput(ZNameStoriesQuery, req.query)),
});
