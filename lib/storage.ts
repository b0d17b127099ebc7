import { STORAGE_KEYS } from './constants';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage that tolerates private mode and server rendering. */
export function readStorage(key: StorageKey): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the site keeps working without persistence.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Same as above.
  }
}

/** The stored API token; the string 'undefined' counts as no token (spec §5). */
export function readToken(): string | null {
  const token = readStorage(STORAGE_KEYS.tokenApi);
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}
