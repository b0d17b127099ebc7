import { db, poolState } from '@/server/db/client';
import { apiAdmission } from '@/server/http/admission';
import { operatorRoute } from '@/server/api/operatorRoute';
import { siteGateState } from '@/server/http/siteGate';
import { loadHealth } from '@/server/services/admin/health';
import { ttsStats } from '@/server/tts/chapterAudio';

/** GET /api/admin/health: daily figures of 30 days, source sites' of 7, and this process's gate, pool and audio queue. */
export default operatorRoute({
  GET: async () => ({
    message: {
      ...(await loadHealth(db())),
      now: { gate: siteGateState(), pool: poolState(), admission: apiAdmission().state(), audioQueue: ttsStats().queue },
    },
  }),
});
