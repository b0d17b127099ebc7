import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { listeningStatsOf } from '@/server/services/listeningStats';

export default apiRoute({
  /** GET /api/user/stats: minutes listened and read per day (12 weeks) and per story, from the reading history. */
  async GET(req, res) {
    const user = await requireUser(req);
    res.setHeader('Cache-Control', 'private, no-store');
    return { message: await listeningStatsOf(db(), user.uid) };
  },
});
