import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { toggleCommentLike } from '@/server/services/comments';
import { parseInput, ZCommentIdInput } from '@/server/services/communityInputs';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/comments/toggle-like: like a comment, or take the like back. */
  async POST(req) {
    const user = await requireUser(req);
    const input = parseInput(ZCommentIdInput, req.body);
    await ensureUserExists(db(), user);
    return { message: await toggleCommentLike(db(), user.uid, input.commentId) };
  },
});
