import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { removeBookmark, saveBookmark } from '@/server/services/bookmarks';
import { ZRemoveBookmarkInput, ZSaveBookmarkInput } from '@/server/services/userInputs';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/user/web/bookmark: save or unsave a story. */
  async POST(req) {
    const user = await requireUser(req);
    const input = ZSaveBookmarkInput.parse(req.body ?? {});
    return { message: await saveBookmark(db(), user, input) };
  },
  /** DELETE /api/user/web/bookmark: forget a story (cabinet entry, progress and history). */
  async DELETE(req) {
    const user = await requireUser(req);
    const input = ZRemoveBookmarkInput.parse(req.body ?? {});
    await ensureUserExists(db(), user);
    await removeBookmark(db(), user.uid, input._id);
    return { message: 'ok' };
  },
});
