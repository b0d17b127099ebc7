import { apiRoute } from '@/server/api/handler';
import { db } from '@/server/db/client';
import { relatedStories } from '@/server/services/catalogue';
import { parseInput, ZStoryIdInput } from '@/server/services/catalogueInput';

/** GET /api/book/relates/{id} — stories sharing genres or author: {message: StoryCard[]}. */
export default apiRoute({
  GET: async (req, res) => {
    const { id } = parseInput(ZStoryIdInput, req.query);
    res.setHeader('Cache-Control', 'public, s-maxage=300, stale-while-revalidate=600');
    return { message: await relatedStories(db(), id) };
  },
});
