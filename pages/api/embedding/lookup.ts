import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { limitReaderWork } from '@/server/services/embedding/limits';
import { lookUpForStory } from '@/server/services/embedding/readerConvert';
import { parseReaderInput, ZLookupInput } from '@/server/services/embedding/readerInputs';

/** The largest legitimate body: a story id and 8 pieces of Chinese of at most 30 characters. */
export const config = { api: { bodyParser: { sizeLimit: '4kb' } } };

export default apiRoute({
  /**
   * POST /api/embedding/lookup {storyId, keys}: for each piece of Chinese its Hán-Việt reading and
   * every meaning the story's shared list, the operator's Names and VietPhrase and the built-in
   * lists hold.
   */
  POST: async (req, res) => {
    const { storyId, keys } = parseReaderInput(ZLookupInput, req.body);
    const user = await optionalUser(req);
    res.setHeader('Cache-Control', 'private, no-store');
    const entries = await lookUpForStory(db(), storyId, keys, () => limitReaderWork(db(), req, user?.uid ?? null, 'lookup'));
    return { message: { entries } };
  },
});
