import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZMuteInput, ZRestoreInput, ZUserIdParam } from '@/server/services/admin/inputs';
import { muteUser, unmuteUser } from '@/server/services/admin/moderation';
import { parseInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default operatorRoute({
  /** POST /api/admin/users/{id}/mute {days, reason}: no comments or reviews from the account until then. */
  POST: async (req, _res, operator) => {
    const { id } = parseInput(ZUserIdParam, req.query);
    const { days, reason } = parseInput(ZMuteInput, req.body);
    return { message: await muteUser(db(), operator, id, days, reason) };
  },
  /** DELETE /api/admin/users/{id}/mute {reason?}: lifts the mute. */
  DELETE: async (req, _res, operator) => {
    const { id } = parseInput(ZUserIdParam, req.query);
    const { reason } = parseInput(ZRestoreInput, req.body);
    return { message: await unmuteUser(db(), operator, id, reason) };
  },
});
