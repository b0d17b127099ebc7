import { operatorRoute } from '@/server/api/operatorRoute';

/** GET /api/admin/me: the signed-in operator (403 for a reader), for the console's first check. */
export default operatorRoute({
  GET: async (_req, _res, operator) => ({ message: { _id: operator.id, email: operator.email, username: operator.username, role: 'admin' } }),
});
