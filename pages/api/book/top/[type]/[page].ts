import { apiRoute } from '@/server/api/handler';
import { db } from '@/server/db/client';
import { parseInput, ZTopInput } from '@/server/services/catalogueInput';
import { topStories } from '@/server/services/rankings';

/** GET /api/book/top/{type}/{page} — a ranking (`sort` option key), paged; answers {results, …}. */
export default apiRoute({
  GET: async (req, res) => {
    const { type, page, perpage } = parseInput(ZTopInput, req.query);
    res.setHeader('Cache-Control', 'public, s-maxage=60, stale-while-revalidate=300');
    return topStories(db(), type, page, perpage);
  },
});
