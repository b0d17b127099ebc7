import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { ZCreateReportInput } from '@/server/services/admin/inputs';
import { createReport } from '@/server/services/admin/reports';
import { parseInput } from '@/server/services/communityInputs';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/reports {targetType, targetId, reason, detail?}: a reader reports a comment, review or story. */
export default apiRoute({
  POST: async (req) => {
    const user = await requireUser(req);
    const input = parseInput(ZCreateReportInput, req.body);
    await ensureUserExists(db(), user);
    return { message: await createReport(db(), user.uid, input) };
  },
});
