import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { parseInput, ZReviewIdInput } from '@/server/services/communityInputs';
import { deleteReview } from '@/server/services/reviews';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** DELETE /api/reviews/delete: the reader's own review. */
  async DELETE(req) {
    const user = await requireUser(req);
    const input = parseInput(ZReviewIdInput, req.body);
    await deleteReview(db(), user.uid, input.reviewId);
    return { message: 'ok' };
  },
});
