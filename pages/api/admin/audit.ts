import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { listAudit } from '@/server/services/admin/audit';
import { ZAuditQuery } from '@/server/services/admin/inputs';
import { parseInput } from '@/server/services/communityInputs';

/** GET /api/admin/audit?page&perpage&action&targetType&targetId: the audit log, newest first. */
export default operatorRoute({
  GET: async (req) => listAudit(db(), parseInput(ZAuditQuery, req.query)),
});
