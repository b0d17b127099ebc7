import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { deleteComment } from '@/server/services/comments';
import { parseInput, ZCommentIdInput } from '@/server/services/communityInputs';

export default apiRoute({
  /** DELETE /api/comments/delete: the reader's own comment (kept as deleted while it has replies). */
  async DELETE(req) {
    const user = await requireUser(req);
    const input = parseInput(ZCommentIdInput, req.body);
    await deleteComment(db(), user.uid, input.commentId);
    return { message: 'ok' };
  },
});
