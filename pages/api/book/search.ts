import { readJsonBody } from '@/server/http/jsonBody';
import { apiRoute } from '@/server/api/handler';
import { db } from '@/server/db/client';
import { parseInput, ZSearchInput } from '@/server/services/catalogueInput';
import { searchStories } from '@/server/services/search';

// The body is read here so that malformed JSON gets a Vietnamese {message} like any other bad input.
export const config = { api: { bodyParser: false } };

const MAX_BODY_BYTES = 16 * 1024;

/** POST /api/book/search — a filter object, or {author} for an author search; paged StoryCard. */
const route = apiRoute({
  POST: async (req) => searchStories(db(), parseInput(ZSearchInput, await readJsonBody(req, MAX_BODY_BYTES, 'Bộ lọc tìm kiếm quá lớn.'))),
});
// Test harnesses read the config from the handler itself.
export default Object.assign(route, { config });
