import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { limitSourceSearch, parseSearchQuery, planSearch, searchLimiter, searchSources } from '@/server/services/embedding/search';

/**
 * GET /api/embedding/search?q=…: searches every source site that has a search and streams
 * NDJSON (lib/api/embedding.ts SourceSearchEvent) as the sites answer. Bad queries are 400, a
 * reader over their share 429 and a busy process 503, as JSON before anything is streamed.
 */
export default apiRoute({
  GET: async (req, res) => {
    const query = parseSearchQuery(req.query);
    const user = await optionalUser(req);
    const claimant = await limitSourceSearch(db(), req, user?.uid ?? null);
    const plan = await planSearch(db(), query);
    await searchLimiter().run(async () => {
      let gone = false;
      res.on('close', () => {
        gone = true;
      });
      res.writeHead(200, {
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        // no-transform: compression would hold the lines back until the end.
        'Cache-Control': 'no-store, no-transform',
        'X-Accel-Buffering': 'no',
      });
      await searchSources(plan, (event) => res.write(`${JSON.stringify(event)}\n`), { gone: () => gone || res.writableEnded });
      res.end();
    }, claimant);
    return undefined;
  },
}, { admission: false });
