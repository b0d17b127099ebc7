import { operatorRoute } from '@/server/api/operatorRoute';
import { tryConversion } from '@/server/services/admin/dictionaries';
import { ZDictionaryTryInput } from '@/server/services/admin/inputs';
import { parseInput } from '@/server/services/communityInputs';

/** POST /api/admin/dictionaries/try {text ≤ 2,000}: the text converted as a chapter would be now. */
export default operatorRoute({
  POST: async (req) => ({ message: await tryConversion(parseInput(ZDictionaryTryInput, req.body).text) }),
});
