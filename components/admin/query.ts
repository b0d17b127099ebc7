import type { ParsedUrlQuery } from 'querystring';

/**
 * The console keeps its filters and page in the URL (`?status=new&page=2`), so a list can be
 * shared, reloaded and walked with the browser's back button. Pages in URLs are 1-based, the API's
 * 0-based.
 */

export const CONSOLE_URL = '/quan-tri';

/** One string parameter of the URL, or '' when absent. */
export function queryParam(query: ParsedUrlQuery, key: string): string {
  const value = query[key];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** A parameter restricted to known values, else undefined. */
export function queryChoice<T extends string>(query: ParsedUrlQuery, key: string, choices: readonly T[]): T | undefined {
  const value = queryParam(query, key);
  return (choices as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The 0-based API page of `?page=N` (1-based); 0 for anything else. */
export function queryPage(query: ParsedUrlQuery): number {
  const page = Number(queryParam(query, 'page'));
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

/** A console URL with the given parameters, empty ones left out; `page` is 1-based and 1 is left out. */
export function consoleHref(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (key === 'page' && Number(value) <= 1) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Number of pages of a paged answer. */
export const pageCount = (total: number, perpage: number) => (perpage > 0 ? Math.max(1, Math.ceil(total / perpage)) : 1);
