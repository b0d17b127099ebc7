import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { recordHistory } from '@/server/services/history';
import { ZHistoryInput } from '@/server/services/userInputs';
import { ensureUserExists } from '@/server/services/users';

export default apiRoute({
  /** POST /api/user/web/lichsu: the reader reached a chapter. */
  async POST(req) {
    const user = await requireUser(req);
    const input = ZHistoryInput.parse(req.body ?? {});
    await ensureUserExists(db(), user);
    await recordHistory(db(), user.uid, input);
    return { message: 'ok' };
  },
});
