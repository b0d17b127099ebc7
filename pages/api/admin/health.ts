import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/http/operatorRoute';
import { loadHealth } from '@/server/services/admin/health';

/** GET /api/admin/health: daily figures of 30 days, source sites' of 7, and this process's gate, pool and audio queue. */
export default operatorRoute({
  GET: async () => ({ message: await loadHealth(db()) }),
});
