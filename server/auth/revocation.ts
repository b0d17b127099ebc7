import { adminAuth } from './firebaseAdmin';

/** 'fresh': ask the identity service now; 'cached': an answer up to a minute old will do. */
export type Revocation = 'skip' | 'cached' | 'fresh';

/** The identity service could not be asked (network, credentials): not the reader's fault. */
export class IdentityUnavailable extends Error {
  constructor(readonly cause: unknown) {
    super('identity service unavailable');
    this.name = 'IdentityUnavailable';
  }
}

interface AccountState {
  /** Tokens of sign-ins before this time (ms) are revoked; 0 when never revoked. */
  validAfterMs: number;
  disabled: boolean;
  /** The account no longer exists. */
  gone: boolean;
  checkedAt: number;
}

export const REVOCATION_CACHE_MS = 60_000;
const CACHE_MAX_ENTRIES = 10_000;

/** Derived state of identity accounts, bounded in size and age. */
const cache = new Map<string, AccountState>();

async function fetchAccountState(uid: string, now: number): Promise<AccountState> {
  try {
    const user = await adminAuth().getUser(uid);
    const validAfterMs = user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).getTime() : 0;
    return { validAfterMs: Number.isFinite(validAfterMs) ? validAfterMs : 0, disabled: user.disabled, gone: false, checkedAt: now };
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return { validAfterMs: 0, disabled: false, gone: true, checkedAt: now };
    throw new IdentityUnavailable(error);
  }
}

async function accountState(uid: string, revocation: 'cached' | 'fresh', now: number): Promise<AccountState> {
  const known = cache.get(uid);
  if (revocation === 'cached' && known && now - known.checkedAt < REVOCATION_CACHE_MS) return known;
  const state = await fetchAccountState(uid, now);
  cache.delete(uid);
  if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(uid, state);
  return state;
}

/**
 * False when the reader's sessions were revoked after `authTime` (seconds), or the account is
 * disabled or gone; true otherwise, or at once when `revocation` is 'skip'.
 */
export async function sessionStillValid(uid: string, authTime: number, revocation: Revocation, now = Date.now()): Promise<boolean> {
  if (revocation === 'skip') return true;
  const state = await accountState(uid, revocation, now);
  return !state.gone && !state.disabled && authTime * 1000 >= state.validAfterMs;
}
