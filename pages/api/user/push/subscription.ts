import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { ZSubscribeInput, ZUnsubscribeInput } from '@/server/services/notifications/inputs';
import { subscribe, unsubscribe } from '@/server/services/notifications/preferences';
import { limitSubscribe } from '@/server/services/notifications/testPush';
import { ensureUserExists } from '@/server/services/users';

export const config = { api: { bodyParser: { sizeLimit: '4kb' } } };

export default apiRoute({
  /** POST /api/user/push/subscription {subscription, label?}: this browser receives pushes; push turns on. */
  async POST(req) {
    const user = await requireUser(req);
    const input = ZSubscribeInput.parse(req.body ?? {});
    await limitSubscribe(db(), user.uid);
    await ensureUserExists(db(), user);
    return { message: await subscribe(db(), user.uid, input) };
  },
  /** DELETE /api/user/push/subscription {endpoint}: this browser no longer receives pushes. */
  async DELETE(req) {
    const user = await requireUser(req);
    const { endpoint } = ZUnsubscribeInput.parse(req.body ?? {});
    await limitSubscribe(db(), user.uid);
    return { message: await unsubscribe(db(), user.uid, endpoint) };
  },
});
