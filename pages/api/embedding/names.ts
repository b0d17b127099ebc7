import { z } from 'zod';
import { optionalUser, requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { parseSaveStoryNamesInput, readStoryNames, saveReaderNames, ZStoryIdParam } from '@/server/services/embedding';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: 500 names of at most 30 + 60 characters. */
export const config = { api: { bodyParser: { sizeLimit: '192kb' } } };

const ZNamesQuery = z.object({ storyId: ZStoryIdParam });

export default apiRoute({
  /** GET /api/embedding/names?storyId: the story's shared list (and the caller's own list and proposals, when signed in). */
  async GET(req) {
    const { storyId } = ZNamesQuery.parse(req.query);
    const user = await optionalUser(req);
    return { message: await readStoryNames(db(), Number(storyId), user?.uid ?? null) };
  },
  /** PUT /api/embedding/names {storyId, names}: replaces the caller's own list, which applies to the caller only. */
  async PUT(req) {
    const user = await requireUser(req);
    const { storyId, names } = parseSaveStoryNamesInput(req.body);
    await ensureUserExists(db(), user);
    return { message: await saveReaderNames(db(), user.uid, Number(storyId), names) };
  },
});
