import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { listUsers } from '@/server/services/admin/accounts';
import { ZUsersQuery } from '@/server/services/admin/inputs';
import { parseInput } from '@/server/services/communityInputs';

/** GET /api/admin/users?query&page&perpage: accounts by email or username (accents ignored), newest first. */
export default operatorRoute({
  GET: async (req) => listUsers(db(), parseInput(ZUsersQuery, req.query)),
});
