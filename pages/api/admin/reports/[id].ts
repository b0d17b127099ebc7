import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZIdParam, ZUpdateReportInput } from '@/server/services/admin/inputs';
import { updateReport } from '@/server/services/admin/reports';
import { parseInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** PATCH /api/admin/reports/{id} {status, note?}: moves a report along the queue. */
export default operatorRoute({
  PATCH: async (req, _res, operator) => {
    const { id } = parseInput(ZIdParam, req.query);
    const input = parseInput(ZUpdateReportInput, req.body);
    return { message: await updateReport(db(), operator, id, input) };
  },
});
