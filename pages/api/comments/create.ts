import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { createComment } from '@/server/services/comments';
import { parseInput, ZCreateCommentInput } from '@/server/services/communityInputs';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/comments/create: a comment on a story or a chapter, or a reply. */
  async POST(req) {
    const user = await requireUser(req);
    const input = parseInput(ZCreateCommentInput, req.body);
    await ensureUserExists(db(), user);
    return { message: await createComment(db(), user.uid, input) };
  },
});
