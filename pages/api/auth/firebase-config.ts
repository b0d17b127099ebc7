import { firebaseClientConfig } from '@/server/services/firebaseConfig';
import { apiRoute } from '@/server/api/handler';

export default apiRoute({
  /** GET /api/auth/firebase-config: the browser's Firebase settings, read at run time. */
  async GET(_req, res) {
    res.setHeader('Cache-Control', 'public, max-age=60');
    return firebaseClientConfig(process.env);
  },
});
