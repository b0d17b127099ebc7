import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZIdParam, ZRestoreInput } from '@/server/services/admin/inputs';
import { setReviewHidden } from '@/server/services/admin/moderation';
import { parseInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/admin/reviews/{id}/restore {reason}: shows a hidden review to readers again. */
export default operatorRoute({
  POST: async (req, _res, operator) => {
    const { id } = parseInput(ZIdParam, req.query);
    const { reason } = parseInput(ZRestoreInput, req.body);
    return { message: await setReviewHidden(db(), operator, id, false, reason) };
  },
});
