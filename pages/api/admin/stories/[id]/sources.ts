import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { ZIdParam } from '@/server/services/admin/inputs';
import { addSourceByOperator, listStorySources, serveSource, ZAddSourceInput, ZServeSourceInput } from '@/server/services/admin/storySources';
import { parseInput } from '@/server/services/communityInputs';

export const config = { api: { bodyParser: { sizeLimit: '4kb' } } };

export default operatorRoute({
  /** GET /api/admin/stories/{id}/sources: the story's sources, their health and the last switches. */
  GET: async (req) => ({ message: await listStorySources(db(), parseInput(ZIdParam, req.query).id) }),
  /** POST /api/admin/stories/{id}/sources {link}: adds another site's copy of the book as a source. */
  POST: async (req, _res, operator) => {
    const { id } = parseInput(ZIdParam, req.query);
    return { message: await addSourceByOperator(db(), operator, id, parseInput(ZAddSourceInput, req.body).link) };
  },
  /** PATCH /api/admin/stories/{id}/sources {sourceId}: makes that source the serving one. */
  PATCH: async (req, _res, operator) => {
    const { id } = parseInput(ZIdParam, req.query);
    return { message: await serveSource(db(), operator, id, parseInput(ZServeSourceInput, req.body).sourceId) };
  },
});
