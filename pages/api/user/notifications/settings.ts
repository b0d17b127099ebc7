import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { ZNotificationSettingsInput } from '@/server/services/notifications/inputs';
import { notificationSettingsOf, updateNotificationSettings } from '@/server/services/notifications/preferences';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** GET /api/user/notifications/settings: push on or off, quiet hours, devices, the server's public key. */
  async GET(req, res) {
    const user = await requireUser(req);
    res.setHeader('Cache-Control', 'private, no-store');
    return { message: await notificationSettingsOf(db(), user.uid) };
  },
  /** PUT /api/user/notifications/settings {pushEnabled?, quietStart?, quietEnd?} */
  async PUT(req) {
    const user = await requireUser(req);
    const change = ZNotificationSettingsInput.parse(req.body ?? {});
    await ensureUserExists(db(), user);
    return { message: await updateNotificationSettings(db(), user.uid, change) };
  },
});
