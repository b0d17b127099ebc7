import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { sendTestPush } from '@/server/services/notifications/testPush';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/user/push/test: a test notification to each of the reader's devices, sent at once. */
  async POST(req) {
    const user = await requireUser(req);
    return { message: await sendTestPush(db(), user.uid) };
  },
});
