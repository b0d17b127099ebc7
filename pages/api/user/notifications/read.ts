import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { markAllRead, markRead } from '@/server/services/notifications/centre';
import { ZMarkReadInput } from '@/server/services/notifications/inputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/user/notifications/read {id} | {all: true}: marks entries read; answers the unread count. */
  async POST(req) {
    const user = await requireUser(req);
    const input = ZMarkReadInput.parse(req.body ?? {});
    const unread = 'id' in input ? await markRead(db(), user.uid, Number(input.id)) : await markAllRead(db(), user.uid);
    return { message: { unread } };
  },
});
