import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { listReplies } from '@/server/services/comments';
import { parseInput, ZChildCommentsInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/comments/child: the replies to a comment (bearer, spec §6). */
  async POST(req) {
    const user = await requireUser(req);
    const input = parseInput(ZChildCommentsInput, req.body);
    return listReplies(db(), input, user.uid);
  },
});
