import { publicEnv } from '../publicEnv';

/**
 * The optional token sync URL (NEXT_PUBLIC_TOKEN_SYNC_URL, spec §7): POST with the bearer while
 * signed in, DELETE on sign-out. Failures are logged only.
 */
export async function syncTokenRemote(token: string | null, url = publicEnv.tokenSyncUrl): Promise<void> {
  if (!url) return;
  try {
    await fetch(url, token ? { method: 'POST', headers: { Authorization: `Bearer ${token}` }, credentials: 'include' } : { method: 'DELETE', credentials: 'include' });
  } catch (error) {
    console.error('syncTokenRemote:', error);
  }
}
