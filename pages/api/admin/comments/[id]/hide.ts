import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZIdParam, ZHideInput } from '@/server/services/admin/inputs';
import { setCommentHidden } from '@/server/services/admin/moderation';
import { parseInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/admin/comments/{id}/hide {reason}: hides a comment from readers (reason 1–500 characters; its open reports are resolved). */
export default operatorRoute({
  POST: async (req, _res, operator) => {
    const { id } = parseInput(ZIdParam, req.query);
    const { reason } = parseInput(ZHideInput, req.body);
    return { message: await setCommentHidden(db(), operator, id, true, reason) };
  },
});
