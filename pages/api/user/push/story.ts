import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { ZStoryPushInput } from '@/server/services/notifications/inputs';
import { setStoryPush, storyPushOf } from '@/server/services/notifications/preferences';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

const ZStoryQuery = ZStoryPushInput.pick({ storyId: true });

export default apiRoute({
  /** GET /api/user/push/story?storyId: whether the story's new chapters are pushed to the reader. */
  async GET(req, res) {
    const user = await requireUser(req);
    const { storyId } = ZStoryQuery.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    return { message: await storyPushOf(db(), user.uid, Number(storyId)) };
  },
  /** PUT /api/user/push/story {storyId, push}: opts the story in or out of push. */
  async PUT(req) {
    const user = await requireUser(req);
    const { storyId, push } = ZStoryPushInput.parse(req.body ?? {});
    await ensureUserExists(db(), user);
    return { message: await setStoryPush(db(), user.uid, Number(storyId), push) };
  },
});
