import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { parseInput, ZSaveReviewInput } from '@/server/services/communityInputs';
import { saveReview } from '@/server/services/reviews';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/reviews/create-update: the reader's one review of a story, created or replaced. */
  async POST(req) {
    const user = await requireUser(req);
    const input = parseInput(ZSaveReviewInput, req.body);
    await ensureUserExists(db(), user);
    return { message: await saveReview(db(), user.uid, input) };
  },
});
