import { pool } from '@/server/db/client';
import { apiRoute } from '@/server/http/handler';
import { logger } from '@/server/logger';

/** GET /api/health */
export default apiRoute({
  GET: async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await pool().query('select 1');
      return { status: 'ok', database: 'reachable' };
    } catch (error) {
      logger.warn({ err: error }, 'health check: database unreachable');
      res.status(503).json({ status: 'error', database: 'unreachable', message: 'Không kết nối được cơ sở dữ liệu.' });
      return undefined;
    }
  },
});
