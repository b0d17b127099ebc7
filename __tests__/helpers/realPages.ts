import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TextFetcher } from '@/server/sources/types';

/**
 * Pages saved from the live source sites by other crawlers' authors, read where they are kept
 * (`../shared/real-data/sources`, see its README); they are not ours and never enter the repository.
 */
export const REAL_PAGES_DIR = path.resolve(process.cwd(), '..', 'shared', 'real-data', 'sources');

export const realPagesPresent = existsSync(REAL_PAGES_DIR);

/** Says once why a suite is skipped on a machine without the saved pages. */
export function describeWithRealPages(name: string, body: () => void): void {
  if (realPagesPresent) {
    describe(name, body);
    return;
  }
  describe(name, () => {
    it.skip(`needs the saved pages under ${REAL_PAGES_DIR}, which are not on this machine`, () => undefined);
  });
}

export function realPage(file: string): string {
  return readFileSync(path.join(REAL_PAGES_DIR, file), 'utf8').replace(/^\uFEFF/, '');
}

/**
 * A fetcher that answers the adapters' requests with saved pages (URL → file, POSTs by URL too),
 * with the page's own URL as `at`; any other URL is an error naming it.
 */
export function savedPagesFetcher(pages: Readonly<Record<string, string | (() => string)>>): TextFetcher & { asked: string[] } {
  const asked: string[] = [];
  const fetcher = async <T>(url: string, request: { parse: (text: string, at: string) => T }): Promise<T> => {
    asked.push(url);
    const page = pages[url];
    if (page === undefined) throw new Error(`no saved page for ${url}`);
    return request.parse(typeof page === 'function' ? page() : realPage(page), url);
  };
  return Object.assign(fetcher as TextFetcher, { asked });
}
