import { useEffect, useState } from 'react';
import { publicEnv } from '@/lib/publicEnv';
import type { SiteSettings } from '@/lib/types';

let cached: SiteSettings | undefined;
let pending: Promise<SiteSettings | undefined> | undefined;

/** GET /auth/setting with plain fetch (no axios in the first-load bundle); failures give nothing. */
function loadSettings(): Promise<SiteSettings | undefined> {
  if (cached) return Promise.resolve(cached);
  pending ??= fetch(`${publicEnv.apiUrl}/auth/setting`)
    .then((response) => (response.ok ? (response.json() as Promise<{ result: SiteSettings }>) : undefined))
    .then((body) => (cached = body?.result))
    .catch((error: unknown) => {
      console.error('getSetting:', error instanceof Error ? error.message : error);
      pending = undefined;
      return undefined;
    });
  return pending;
}

function remember(settings: SiteSettings): void {
  cached = settings;
}

/**
 * The site settings (genres, rankings, chapter buckets) for the header and drawer. Pages that
 * load them on the server pass them in (`settings` page prop) so the menus are in the HTML;
 * elsewhere they are fetched once after the page loads.
 */
export function useSiteSettings(initial?: SiteSettings): SiteSettings | undefined {
  const [loaded, setLoaded] = useState<SiteSettings | undefined>(undefined);
  useEffect(() => {
    if (initial) {
      remember(initial);
      return;
    }
    let live = true;
    void loadSettings().then((settings) => live && settings && setLoaded(settings));
    return () => {
      live = false;
    };
  }, [initial]);
  return initial ?? loaded ?? cached;
}
