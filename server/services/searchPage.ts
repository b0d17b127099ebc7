import { HttpError } from '../http/errors';
import type { Database } from '../db/client';
import { parseInput, ZSearchInput, type TSearchInput } from './catalogueInput';
import { searchStories } from './search';
import type { Paged, StoryCard } from '@/lib/types';

export type SearchPageResult =
  | { ok: true; filters: TSearchInput; list: Paged<StoryCard> }
  | { ok: false; message: string; filters: Partial<TSearchInput> };

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The /truyen page's query (1-based `page`) run through the API's own validation, so the page
 * and POST /book/search accept and refuse the same filters.
 */
export async function runSearchPage(database: Database, query: Query, perpage: number): Promise<SearchPageResult> {
  const raw = Object.fromEntries(['keyword', 'cats', 'chapters', 'author', 'status', 'sort'].map((key) => [key, first(query[key])]));
  const pageText = first(query.page);
  const page = pageText && /^\d+$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) - 1 : pageText ? -1 : 0;
  try {
    const filters = parseInput(ZSearchInput, { ...raw, page, perpage });
    return { ok: true, filters, list: await searchStories(database, filters) };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    const keyword = typeof raw.keyword === 'string' ? raw.keyword : undefined;
    return { ok: false, message: error.message, filters: { keyword } };
  }
}
