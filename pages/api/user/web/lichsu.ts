import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { recordHistory } from '@/server/services/history';
import { ZHistoryInput } from '@/server/services/userInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/user/web/lichsu: the reader reached a chapter. */
  async POST(req) {
    const user = await requireUser(req);
    const input = ZHistoryInput.parse(req.body ?? {});
    await recordHistory(db(), user, input);
    return { message: 'ok' };
  },
});
