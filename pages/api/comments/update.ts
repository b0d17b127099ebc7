import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { updateComment } from '@/server/services/comments';
import { parseInput, ZUpdateCommentInput } from '@/server/services/communityInputs';

export default apiRoute({
  /** PUT /api/comments/update: new text for the reader's own comment. */
  async PUT(req) {
    const user = await requireUser(req);
    const input = parseInput(ZUpdateCommentInput, req.body);
    return { message: await updateComment(db(), user.uid, input) };
  },
});
