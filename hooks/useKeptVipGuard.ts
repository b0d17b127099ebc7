import { useEffect } from 'react';
import { KEPT_PAGES_CACHE } from '@/lib/offline/constants';
import { readToken } from '@/lib/storage';
import { useVip } from './useVip';

/**
 * VIP chapters kept offline go when the membership ends: the reader's profile says it expired,
 * or they signed out. A session that could not be restored (offline) keeps them.
 */
export function useKeptVipGuard(): void {
  const { status, signedIn, active } = useVip();
  useEffect(() => {
    if (status === 'unknown') return;
    if (signedIn ? active : readToken() !== null) return;
    if (typeof caches === 'undefined') return;
    void caches
      .has(KEPT_PAGES_CACHE)
      .then(async (kept) => {
        if (!kept) return;
        const { removeVipChapters } = await import('@/lib/offline/store');
        await removeVipChapters();
      })
      .catch((error: unknown) => console.error('removeVipChapters:', error));
  }, [status, signedIn, active]);
}
