import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { ZUpdateProfileInput } from '@/server/services/userInputs';
import { ensureUser, ensureUserExists, toUserProfile, updateUsername } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** GET /api/user/me */
  async GET(req) {
    const user = await requireUser(req);
    return toUserProfile(await ensureUser(db(), user), user.emailVerified);
  },
  /** PUT /api/user/me: change the display name. */
  async PUT(req) {
    const user = await requireUser(req);
    const input = ZUpdateProfileInput.parse(req.body ?? {});
    await ensureUserExists(db(), user);
    return toUserProfile(await updateUsername(db(), user.uid, input.username), user.emailVerified);
  },
});
