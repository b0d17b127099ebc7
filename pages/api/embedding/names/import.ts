import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { importNamePack, parseImportNamePackInput } from '@/server/services/embedding';
import { ensureUserExists } from '@/server/services/users';

/** A pack of 256 KB of UTF-8 text as JSON (line breaks escaped), with room; the service refuses more than 256 KB (413). */
export const config = { api: { bodyParser: { sizeLimit: '400kb' } } };

export default apiRoute({
  /** POST /api/embedding/names/import {storyId, text, dryRun?}: reads a QuickTranslator Names file into the caller's own list. */
  async POST(req) {
    const user = await requireUser(req);
    const { storyId, text, dryRun } = parseImportNamePackInput(req.body);
    await ensureUserExists(db(), user);
    return { message: await importNamePack(db(), user.uid, Number(storyId), text, dryRun) };
  },
});
