import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { parseLinkInput, previewLink } from '@/server/services/embedding';
import { limitSourceRequests } from '@/server/services/embedding/limits';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/embedding/preview {link}: the story a link points at, converted, nothing stored. */
export default apiRoute({
  POST: async (req, res) => {
    const link = parseLinkInput(req.body);
    const user = await optionalUser(req);
    await limitSourceRequests(db(), req, user?.uid ?? null, 'preview');
    const preview = await previewLink(db(), link);
    res.setHeader('Cache-Control', 'no-store');
    return { message: preview };
  },
}, { admission: false });
