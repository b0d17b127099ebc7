/**
 * The sign-in state machine of spec §4, without React: what happens after a sign-in, on a page
 * load with a stored token, and on sign-out. Loaded with import() only.
 */
import { getBookBySlug } from '../api/catalogue';
import { unsubscribePush } from '../api/notifications';
import { fetchProfile, getBookmarks, syncBookmarks } from '../api/user';
import { STORAGE_KEYS } from '../constants';
import { releasePushSubscription } from '../notifications/pushClient';
import { entriesWithIds, loadReadings, readingsToBookmarks, type ReadingBookmark } from '../readings';
import { readToken, removeStorage, writeStorage } from '../storage';
import type { Bookmark } from '../types';
import { renewToken, signOutIdentity, watchIdToken } from './identity';
import { syncTokenRemote } from './tokenSync';
import type { AccountProfile, SessionResult } from './types';

/** Local readings as bookmarks; entries that cannot be looked up are left out (and logged). */
async function localReadingsAsBookmarks(): Promise<ReadingBookmark[]> {
  const readings = loadReadings();
  try {
    return await readingsToBookmarks(readings, getBookBySlug);
  } catch (error) {
    console.error('readingsToBookmarks:', error instanceof Error ? error.message : error);
    return readingsToBookmarks(entriesWithIds(readings), getBookBySlug);
  }
}

function storeAccount(profile: AccountProfile): void {
  writeStorage(STORAGE_KEYS.vipInfo, JSON.stringify({ email: profile.email, username: profile.username }));
  writeStorage(STORAGE_KEYS.userId, profile._id);
}

/**
 * After a successful sign-in (email, register or Google): the token is stored, local readings
 * are merged into the reader's bookmarks and synced, bookmarks loaded, the profile fetched and
 * vipInfo and userId stored. Answers null (and signs out again) when the API refuses the token.
 */
export async function completeSignIn(token: string): Promise<SessionResult | null> {
  writeStorage(STORAGE_KEYS.tokenApi, token);
  const local = await localReadingsAsBookmarks();
  const [bookmarks, profile] = await Promise.all([
    (local.length > 0 ? syncBookmarks(local) : getBookmarks()).then((list) => list ?? []),
    fetchProfile().catch(() => null),
  ]);
  if (!profile) {
    await endSession();
    return null;
  }
  storeAccount(profile);
  void syncTokenRemote(token);
  return { profile, bookmarks: bookmarks as Bookmark[] };
}

function isUnauthorized(error: unknown): boolean {
  return (error as { response?: { status?: number } })?.response?.status === 401;
}

/**
 * On a page load with a stored token: renew it (waiting for the identity to be restored) and
 * fetch the profile. A failed renewal is logged and the old token kept; a token the API
 * refuses ends the session.
 */
export async function restoreSession(): Promise<SessionResult | null> {
  if (!readToken()) return null;
  try {
    const fresh = await renewToken();
    writeStorage(STORAGE_KEYS.tokenApi, fresh);
  } catch (error) {
    console.error('renewToken:', error instanceof Error ? error.message : error);
  }
  try {
    const profile = await fetchProfile();
    storeAccount(profile);
    const bookmarks = (await getBookmarks()) ?? [];
    void syncTokenRemote(readToken());
    return { profile, bookmarks };
  } catch (error) {
    if (isUnauthorized(error)) await endSession();
    return null;
  }
}

/**
 * Sign-out: tokenApi, vipInfo and userId go; local readings stay; this browser stops receiving
 * the reader's pushes (the server is told with the token just removed); the identity signs out.
 */
export async function endSession(): Promise<void> {
  const token = readToken();
  removeStorage(STORAGE_KEYS.tokenApi);
  removeStorage(STORAGE_KEYS.vipInfo);
  removeStorage(STORAGE_KEYS.userId);
  void syncTokenRemote(null);
  await releasePushSubscription((endpoint) => unsubscribePush(endpoint, token));
  await signOutIdentity();
}

/** Keeps the stored token current as the SDK refreshes it; answers the unsubscribe. */
export function keepTokenFresh(): Promise<() => void> {
  return watchIdToken((token) => {
    if (token && readToken()) {
      writeStorage(STORAGE_KEYS.tokenApi, token);
      void syncTokenRemote(token);
    }
  });
}
