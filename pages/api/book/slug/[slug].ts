import { apiRoute } from '@/server/api/handler';
import { db } from '@/server/db/client';
import { storyBySlug } from '@/server/services/catalogue';
import { parseInput, ZSlugInput } from '@/server/services/catalogueInput';

/** GET /api/book/slug/{slug} — {results: [Story]}; an unknown slug gets 404 {message, results: []}. */
export default apiRoute({
  GET: async (req, res) => {
    const { slug } = parseInput(ZSlugInput, req.query);
    const story = await storyBySlug(db(), slug);
    if (!story) {
      res.status(404).json({ message: 'Không tìm thấy truyện.', results: [] });
      return undefined;
    }
    return { results: [story] };
  },
});
