import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { listTopLevelComments } from '@/server/services/comments';
import { parseInput, ZTopLevelCommentsInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/comments/top-level: a story page's or a chapter's comments (public). */
  async POST(req) {
    const input = parseInput(ZTopLevelCommentsInput, req.body);
    const user = await optionalUser(req);
    return listTopLevelComments(db(), input, user?.uid ?? null);
  },
});
