import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZOrdersQuery } from '@/server/services/admin/inputs';
import { listAdminOrders } from '@/server/services/admin/vip';
import { parseInput } from '@/server/services/communityInputs';

/** GET /api/admin/vip/orders?query&status&page&perpage: orders by buyer email or reference, with their IPN history. */
export default operatorRoute({
  GET: async (req) => listAdminOrders(db(), parseInput(ZOrdersQuery, req.query)),
});
