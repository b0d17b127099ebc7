import type { NextApiRequest } from 'next';
import { badRequest } from '@/server/http/errors';
import { apiRoute } from '@/server/api/handler';
import { db } from '@/server/db/client';
import { parseInput, ZSearchInput } from '@/server/services/catalogueInput';
import { searchStories } from '@/server/services/search';

// The body is read here so that malformed JSON gets a Vietnamese {message} like any other bad input.
export const config = { api: { bodyParser: false } };

const MAX_BODY_BYTES = 16 * 1024;

async function readJson(req: NextApiRequest): Promise<unknown> {
  if (req.body !== undefined) return req.body as unknown;
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > MAX_BODY_BYTES) throw badRequest('Bộ lọc tìm kiếm quá lớn.');
  }
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Nội dung yêu cầu không phải JSON hợp lệ.');
  }
}

/** POST /api/book/search — a filter object, or {author} for an author search; paged StoryCard. */
const route = apiRoute({
  POST: async (req) => searchStories(db(), parseInput(ZSearchInput, await readJson(req))),
});
// Test harnesses read the config from the handler itself.
export default Object.assign(route, { config });
