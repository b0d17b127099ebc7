import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { listNotifications } from '@/server/services/notifications/centre';
import { ZNotificationListQuery } from '@/server/services/notifications/inputs';

export default apiRoute({
  /** GET /api/user/notifications?page&perpage: the reader's new-chapter entries, newest first, and the unread count. */
  async GET(req, res) {
    const user = await requireUser(req);
    const { page, perpage } = ZNotificationListQuery.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    return listNotifications(db(), user.uid, page, perpage);
  },
});
