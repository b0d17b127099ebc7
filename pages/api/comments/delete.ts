import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { deleteComment } from '@/server/services/comments';
import { parseInput, ZCommentIdInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** DELETE /api/comments/delete: the reader's own comment (kept as deleted while it has replies). */
  async DELETE(req) {
    const user = await requireUser(req);
    const input = parseInput(ZCommentIdInput, req.body);
    await deleteComment(db(), user.uid, input.commentId);
    return { message: 'ok' };
  },
});
