import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { parseInput, ZReviewIdInput } from '@/server/services/communityInputs';
import { toggleReviewLike } from '@/server/services/reviews';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/reviews/toggle-like: like a review, or take the like back. */
  async POST(req) {
    const user = await requireUser(req);
    const input = parseInput(ZReviewIdInput, req.body);
    await ensureUserExists(db(), user);
    return { message: await toggleReviewLike(db(), user.uid, input.reviewId) };
  },
});
