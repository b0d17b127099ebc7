import { z } from 'zod';
import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { followState, followStory, unfollowStory, ZStoryIdParam } from '@/server/services/embedding';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

const ZFollowInput = z.object({ storyId: ZStoryIdParam });

export default apiRoute({
  /** GET /api/embedding/follow?storyId: whether the reader follows the story, and its new chapters. */
  async GET(req) {
    const user = await requireUser(req);
    const { storyId } = ZFollowInput.parse(req.query);
    return { message: await followState(db(), user.uid, Number(storyId)) };
  },
  /** POST /api/embedding/follow {storyId}: follow (saved in the cabinet, every chapter seen). */
  async POST(req) {
    const user = await requireUser(req);
    const { storyId } = ZFollowInput.parse(req.body ?? {});
    await ensureUserExists(db(), user);
    return { message: await followStory(db(), user.uid, Number(storyId)) };
  },
  /** DELETE /api/embedding/follow {storyId}: stop following. */
  async DELETE(req) {
    const user = await requireUser(req);
    const { storyId } = ZFollowInput.parse(req.body ?? {});
    return { message: await unfollowStory(db(), user.uid, Number(storyId)) };
  },
});
