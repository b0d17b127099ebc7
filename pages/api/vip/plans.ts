import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { listPlans } from '@/server/services/vip';

/** GET /api/vip/plans: the VIP plans on sale, prices in VND. */
export default apiRoute({
  GET: async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
    return { results: await listPlans(db()) };
  },
});
