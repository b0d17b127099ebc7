import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { updateComment } from '@/server/services/comments';
import { parseInput, ZUpdateCommentInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** PUT /api/comments/update: new text for the reader's own comment. */
  async PUT(req) {
    const user = await requireUser(req);
    const input = parseInput(ZUpdateCommentInput, req.body);
    return { message: await updateComment(db(), user.uid, input) };
  },
});
