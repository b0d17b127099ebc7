import { MIN_SEARCH_KEYWORD_LENGTH, SEARCH_TOO_SHORT_MESSAGE } from '@/lib/constants';

/** Where the keyword was typed: the header form on wide screens, or the phone's search modal. */
export type SearchSurface = 'desktop' | 'mobile';

export type KeywordCheck = { ok: true; keyword: string } | { ok: false; message: string };

/**
 * Spec §5: the desktop form refuses only a single character; the mobile modal refuses anything
 * shorter than 2 characters. Both refuse with 'Từ khóa tìm kiếm quá ngắn.'
 */
export function checkKeyword(raw: string, surface: SearchSurface): KeywordCheck {
  const keyword = raw.trim().replace(/\s+/g, ' ');
  const tooShort = surface === 'desktop' ? keyword.length === 1 : keyword.length < MIN_SEARCH_KEYWORD_LENGTH;
  return tooShort ? { ok: false, message: SEARCH_TOO_SHORT_MESSAGE } : { ok: true, keyword };
}
