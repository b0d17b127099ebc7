import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { loadAccount } from '@/server/services/admin/accounts';
import { ZUserIdParam } from '@/server/services/admin/inputs';
import { parseInput } from '@/server/services/communityInputs';

/** GET /api/admin/users/{id}: the account with everything it wrote (hidden included) and its orders. */
export default operatorRoute({
  GET: async (req) => ({ message: await loadAccount(db(), parseInput(ZUserIdParam, req.query).id) }),
});
