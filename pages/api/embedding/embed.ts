import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { embedLink, parseLinkInput } from '@/server/services/embedding';
import { limitSourceRequests } from '@/server/services/embedding/limits';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/embedding/embed {link}: creates or reuses the embedded story; a chapter link also names its chapter. */
export default apiRoute({
  POST: async (req, res) => {
    const link = parseLinkInput(req.body);
    const user = await optionalUser(req);
    await limitSourceRequests(db(), req, user?.uid ?? null, 'embed');
    res.setHeader('Cache-Control', 'no-store');
    return { message: await embedLink(db(), link) };
  },
}, { admission: false });
