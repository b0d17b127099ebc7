import { readToken } from '../storage';
import type { AccountProfile } from '../auth/types';
import type { Bookmark } from '../types';
import { api } from './client';
import { loudly, quietly, refusalMessage } from './policy';

/** The reader calls of spec §7; each logs and answers undefined on failure (spec §8). */

export interface HistoryRecord {
  chapter: number;
  truyenId: string;
  audio_time: number;
}

export interface BookmarkPayload {
  _id: string;
  save: boolean;
  chapter?: number;
  time?: number;
}

/** GET /user/me with the stored token. */
export function getProfile(): Promise<AccountProfile | undefined> {
  return quietly('getProfile', async () => (await api.get<AccountProfile>('/user/me')).data);
}

/** GET /user/me, rethrowing so the caller can tell a refused token (401) from a network error. */
export function fetchProfile(): Promise<AccountProfile> {
  return loudly('fetchProfile', async () => (await api.get<AccountProfile>('/user/me')).data);
}

/** PUT /user/me: the new profile, or why it failed (the server's reason when it refused, e.g. a muted reader). */
export async function updateUsername(username: string): Promise<{ ok: true; profile: AccountProfile } | { ok: false; message: string | null }> {
  try {
    return { ok: true, profile: await loudly('updateUsername', async () => (await api.put<AccountProfile>('/user/me', { username })).data) };
  } catch (error) {
    return { ok: false, message: refusalMessage(error) };
  }
}

/** GET /user/web/bookmarks; reads `message`. */
export function getBookmarks(): Promise<Bookmark[] | undefined> {
  return quietly('getBookmarks', async () => (await api.get<{ message: Bookmark[] }>('/user/web/bookmarks')).data.message);
}

/** POST /user/web/async_bookmark {data}: merges local entries; answers all of the reader's. */
export function syncBookmarks(data: Bookmark[]): Promise<Bookmark[] | undefined> {
  return quietly('syncBookmarks', async () => (await api.post<{ message: Bookmark[] }>('/user/web/async_bookmark', { data })).data.message);
}

/** POST /user/web/bookmark: save or unsave a story. */
export function saveBookmark(payload: BookmarkPayload): Promise<Bookmark | undefined> {
  return quietly('saveBookmark', async () => (await api.post<{ message: Bookmark }>('/user/web/bookmark', payload)).data.message);
}

/** DELETE /user/web/bookmark: forget a story (cabinet entry, progress, history). */
export function removeBookmark(storyId: string): Promise<boolean> {
  return quietly('removeBookmark', async () => {
    await api.delete('/user/web/bookmark', { data: { _id: storyId } });
    return true;
  }).then(Boolean);
}

/**
 * POST /user/web/lichsu {chapter, truyenId, audio_time}. Skipped (answers false) when there is
 * no token or no payload (spec §5).
 */
export function saveHistory(record: HistoryRecord | null | undefined): Promise<boolean> {
  if (!readToken() || !record?.truyenId || !record.chapter) return Promise.resolve(false);
  return quietly('saveHistory', async () => {
    await api.post('/user/web/lichsu', record);
    return true;
  }).then(Boolean);
}

/** DELETE /user/delete {token}. Skipped when the token is missing or 'undefined' (spec §5). */
export async function deleteUser(token: string | null | undefined): Promise<boolean> {
  if (!token || token === 'undefined') return false;
  try {
    await api.delete('/user/delete', { data: { token }, headers: { Authorization: `Bearer ${token}` } });
    return true;
  } catch (error) {
    console.error('Error deleting user', error);
    return false;
  }
}

/** POST /user/bookvip {email, slug}; reads data.result. False when email or slug is missing. */
export async function checkBookVip(email: string | null | undefined, slug: string | null | undefined): Promise<boolean> {
  if (!email || !slug) return false;
  const result = await quietly('checkBookVip', async () => (await api.post<{ data: { result: boolean } }>('/user/bookvip', { email, slug })).data.data.result);
  return Boolean(result);
}
