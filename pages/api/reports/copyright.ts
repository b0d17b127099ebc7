import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { readerOf } from '@/server/http/reader';
import { ZCopyrightReportInput } from '@/server/services/admin/inputs';
import { createCopyrightReport } from '@/server/services/admin/reports';
import { parseInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/reports/copyright {name, email, links, statement}: a copyright notice, no account needed. */
export default apiRoute({
  POST: async (req) => ({ message: await createCopyrightReport(db(), readerOf(req, null), parseInput(ZCopyrightReportInput, req.body)) }),
});
