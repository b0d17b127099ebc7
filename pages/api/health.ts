import { pool, poolState } from '@/server/db/client';
import { DATABASE_RETRY_AFTER_SECONDS } from '@/server/db/unavailable';
import { apiAdmission } from '@/server/http/admission';
import { siteGateState } from '@/server/http/siteGate';
import { apiRoute } from '@/server/api/handler';
import { launcherRestarts } from '@/server/http/launcherRestarts';
import { readiness } from '@/server/http/readiness';
import { logger } from '@/server/logger';
import { ttsStats } from '@/server/tts/chapterAudio';

/**
 * GET /api/health: the database answers, whether this process is warm and takes traffic (`ready`), the state of this process's pool, site gate and API admission, and
 * its audio cache and synthesis queue; what the launcher started again since it started (`restarts`).
 */
export default apiRoute({
  GET: async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const restarts = await launcherRestarts();
    try {
      await pool().query('select 1');
      return { status: 'ok', database: 'reachable', ready: readiness(), pool: poolState(), admission: apiAdmission().state(), site: siteGateState(), restarts, tts: ttsStats() };
    } catch (error) {
      logger.warn({ err: error }, 'health check: database unreachable');
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(503).json({ status: 'error', database: 'unreachable', pool: poolState(), admission: apiAdmission().state(), site: siteGateState(), restarts, message: 'Không kết nối được cơ sở dữ liệu.' });
      return undefined;
    }
  },
}, { admission: false });
