import { operatorRoute } from '@/server/api/operatorRoute';
import { tryConversion } from '@/server/services/admin/dictionaries';
import { ZDictionaryTryInput } from '@/server/services/admin/inputs';
import { parseInput } from '@/server/services/communityInputs';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/admin/dictionaries/try {text ≤ 2,000}: the text converted as a chapter would be now. */
export default operatorRoute({
  POST: async (req) => ({ message: await tryConversion(parseInput(ZDictionaryTryInput, req.body).text) }),
});
