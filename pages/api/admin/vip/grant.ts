import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZGrantVipInput } from '@/server/services/admin/inputs';
import { grantVipByHand } from '@/server/services/admin/vip';
import { parseInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/admin/vip/grant {email, days, reason}: VIP extended from the later of now and its expiry. */
export default operatorRoute({
  POST: async (req, _res, operator) => ({ message: await grantVipByHand(db(), operator, parseInput(ZGrantVipInput, req.body)) }),
});
