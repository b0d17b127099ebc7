import { z } from 'zod';
import { db } from '@/server/db/client';
import { notFound } from '@/server/http/errors';
import { apiRoute } from '@/server/api/handler';
import { chapterListOf } from '@/server/services/story';

const ZChapterListInput = z.object({
  id: z.string().regex(/^\d{1,10}$/).transform(Number),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** GET /api/book/chapters/{id}?page=&order=asc|desc: one page (50) of a story's chapter list. */
export default apiRoute({
  GET: async (req, res) => {
    const { id, page, order } = ZChapterListInput.parse(req.query);
    const list = await chapterListOf(db(), id, page, order);
    if (!list) throw notFound('Không tìm thấy truyện.');
    res.setHeader('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
    return list;
  },
});
