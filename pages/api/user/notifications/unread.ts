import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { unreadCount } from '@/server/services/notifications/centre';

export default apiRoute({
  /** GET /api/user/notifications/unread: the bell's count. */
  async GET(req, res) {
    const user = await requireUser(req);
    res.setHeader('Cache-Control', 'private, no-store');
    return { message: { unread: await unreadCount(db(), user.uid) } };
  },
});
