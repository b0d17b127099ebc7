import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { recordHistory } from '@/server/services/history';
import { ZHistoryInput } from '@/server/services/userInputs';

export default apiRoute({
  /** POST /api/user/web/lichsu: the reader reached a chapter. */
  async POST(req) {
    const user = await requireUser(req);
    const input = ZHistoryInput.parse(req.body ?? {});
    await recordHistory(db(), user, input);
    return { message: 'ok' };
  },
});
