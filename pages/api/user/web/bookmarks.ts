import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { listBookmarks } from '@/server/services/bookmarks';
import { ensureUserExists } from '@/server/services/users';

export default apiRoute({
  /** GET /api/user/web/bookmarks */
  async GET(req) {
    const user = await requireUser(req);
    const [, bookmarks] = await Promise.all([ensureUserExists(db(), user), listBookmarks(db(), user.uid)]);
    return { message: bookmarks };
  },
});
