import type { NextApiResponse } from 'next';
import { forgetPageCopies } from './pageCache';

/**
 * Regenerates a page after a change readers must see (a takedown, an edit, new chapters): Next
 * renders it again, then this process drops its own short copy of it (server/http/pageCache.ts).
 * Another process of a cluster keeps its copy for at most SITE_PAGE_CACHE_MS. A failure is left
 * to the page's own revalidation time: the change itself is already saved.
 */
export async function regeneratePage(res: NextApiResponse, path: string): Promise<void> {
  await res.revalidate(path).catch(() => undefined);
  forgetPageCopies(path);
}
