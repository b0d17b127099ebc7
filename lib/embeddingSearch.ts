/**
 * The bounds of a search across the source sites from Nhúng, shared by the page (which answers
 * at once) and the API (which never trusts the page).
 */

/** The longest query (characters) the sources are searched for. */
export const MAX_SOURCE_SEARCH_QUERY = 40;

export const SEARCH_EMPTY = 'Hãy nhập tên truyện hoặc tác giả (chữ Hán hoặc tên Hán-Việt) để tìm.';
export const SEARCH_SYMBOLS = 'Từ khóa chỉ có ký hiệu: hãy nhập tên truyện hoặc tác giả bằng chữ.';
export const SEARCH_LINK = 'Đây là liên kết, không phải từ khóa: hãy dán nó vào ô liên kết để xem trước và nhúng truyện.';
export const SEARCH_TOO_LONG = `Từ khóa dài quá ${MAX_SOURCE_SEARCH_QUERY} ký tự.`;

/** A pasted link (with or without its scheme), not a title. */
export function looksLikeLink(text: string): boolean {
  return /^(?:https?:\/\/|www\.)/i.test(text) || /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|cc|tw|io|me|pro|cx|info|la|vip|xyz|cn)(?:[/:?#]|$)/i.test(text);
}

export type SearchQueryCheck = { ok: true; query: string } | { ok: false; reason: 'empty' | 'symbols' | 'link' | 'long'; message: string };

/** The query trimmed, or why it cannot be searched (a link goes to the link box instead). */
export function checkSearchQuery(raw: string): SearchQueryCheck {
  const query = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!query) return { ok: false, reason: 'empty', message: SEARCH_EMPTY };
  if (looksLikeLink(query)) return { ok: false, reason: 'link', message: SEARCH_LINK };
  if ([...query].length > MAX_SOURCE_SEARCH_QUERY) return { ok: false, reason: 'long', message: SEARCH_TOO_LONG };
  if (!/[\p{L}\p{N}]/u.test(query)) return { ok: false, reason: 'symbols', message: SEARCH_SYMBOLS };
  return { ok: true, query };
}
