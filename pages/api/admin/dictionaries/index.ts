import { operatorRoute } from '@/server/http/operatorRoute';
import { loadedDictionaries, refuseUpload } from '@/server/services/admin/dictionaries';

/** The body of an upload is not read: there is no loader to hand it to yet (501). */
export const config = { api: { bodyParser: false } };

export default operatorRoute({
  /** GET /api/admin/dictionaries: what this process loaded from its configured files. */
  GET: async () => ({ message: await loadedDictionaries() }),
  /** POST /api/admin/dictionaries: 501 until server/convert can install a dictionary at run time. */
  POST: async () => refuseUpload(),
});
