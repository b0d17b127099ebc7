import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { readJsonBody } from '@/server/http/jsonBody';
import { loadedDictionaries, uploadDictionary } from '@/server/services/admin/dictionaries';
import { ZDictionaryUploadInput } from '@/server/services/admin/inputs';
import { parseInput } from '@/server/services/communityInputs';

/**
 * A QuickTranslator file of sangtacviet size (up to 50 MB of text) fits in one request. The body is
 * read only after the operator role is checked, so nobody else can make the server read that much.
 */
export const config = { api: { bodyParser: false } };
const MAX_UPLOAD_BYTES = 60 * 1024 * 1024;

const route = operatorRoute({
  /** GET /api/admin/dictionaries: what this process loaded, from its configured files and uploads. */
  GET: async () => ({ message: await loadedDictionaries() }),
  /** POST /api/admin/dictionaries {kind, name, text}: keeps the file and loads it into the converter. */
  POST: async (req, _res, operator) => ({ message: await uploadDictionary(db(), operator, parseInput(ZDictionaryUploadInput, await readJsonBody(req, MAX_UPLOAD_BYTES, 'Tệp từ điển quá lớn (tối đa 60 MB).'))) }),
});
// Test harnesses read the config from the handler itself.
export default Object.assign(route, { config });
