import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZReportsQuery } from '@/server/services/admin/inputs';
import { listReports } from '@/server/services/admin/reports';
import { parseInput } from '@/server/services/communityInputs';

/** GET /api/admin/reports?status&targetType&page&perpage: the reports queue, newest first. */
export default operatorRoute({
  GET: async (req) => listReports(db(), parseInput(ZReportsQuery, req.query)),
});
