import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { getSiteSettings } from '@/server/services/settings';

/** GET /api/auth/setting */
export default apiRoute({
  GET: async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
    return { result: await getSiteSettings(db()) };
  },
});
