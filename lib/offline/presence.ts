import { OFFLINE_DB_NAME } from './constants';

/**
 * Whether this browser ever kept something offline, asked without opening (and so creating) the
 * database; true when the browser cannot tell.
 */
export async function hasOfflineData(): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined') return false;
    if (typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((database) => database.name === OFFLINE_DB_NAME);
  } catch {
    return true;
  }
}
