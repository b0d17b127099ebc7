import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZStoriesQuery } from '@/server/services/admin/inputs';
import { listStories } from '@/server/services/admin/stories';
import { parseInput } from '@/server/services/communityInputs';

/** GET /api/admin/stories?query&hidden&origin&page&perpage: stories, hidden ones included. */
export default operatorRoute({
  GET: async (req) => listStories(db(), parseInput(ZStoriesQuery, req.query)),
});
