import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { mergeBookmarks } from '@/server/services/bookmarks';
import { ZMergeBookmarksInput } from '@/server/services/userInputs';
import { ensureUserExists } from '@/server/services/users';

export const config = { api: { bodyParser: { sizeLimit: '512kb' } } };

export default apiRoute({
  /** POST /api/user/web/async_bookmark: merge a device's local readings (later time wins). */
  async POST(req) {
    const user = await requireUser(req);
    const input = ZMergeBookmarksInput.parse(req.body ?? {});
    await ensureUserExists(db(), user);
    return { message: await mergeBookmarks(db(), user.uid, input.data) };
  },
});
