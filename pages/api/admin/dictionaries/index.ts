import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { loadedDictionaries, uploadDictionary } from '@/server/services/admin/dictionaries';
import { ZDictionaryUploadInput } from '@/server/services/admin/inputs';
import { parseInput } from '@/server/services/communityInputs';

/** A QuickTranslator file of sangtacviet size (up to 50 MB of text) fits in one request. */
export const config = { api: { bodyParser: { sizeLimit: '60mb' } } };

export default operatorRoute({
  /** GET /api/admin/dictionaries: what this process loaded, from its configured files and uploads. */
  GET: async () => ({ message: await loadedDictionaries() }),
  /** POST /api/admin/dictionaries {kind, name, text}: keeps the file and loads it into the converter. */
  POST: async (req, _res, operator) => ({ message: await uploadDictionary(db(), operator, parseInput(ZDictionaryUploadInput, req.body)) }),
});
