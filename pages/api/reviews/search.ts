import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { parseInput, ZSearchReviewsInput } from '@/server/services/communityInputs';
import { searchReviews } from '@/server/services/reviews';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/reviews/search: a story's reviews (public; `liked` and `mine` for a signed-in caller). */
  async POST(req) {
    const input = parseInput(ZSearchReviewsInput, req.body);
    const user = await optionalUser(req);
    return searchReviews(db(), input, user?.uid ?? null);
  },
});
