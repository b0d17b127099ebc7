import { useEffect, useState } from 'react';
import { publicEnv } from '@/lib/publicEnv';
import type { SiteSettings } from '@/lib/types';

let cached: SiteSettings | undefined;
let pending: Promise<SiteSettings | undefined> | undefined;

/** GET /auth/setting with plain fetch (no axios in the first-load bundle); failures give nothing. */
function loadSettings(): Promise<SiteSettings | undefined> {
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

/**
 * The site settings (genres, rankings, chapter buckets) for the header and drawer. Pages that
 * load them on the server pass them in (`settings` page prop) so the menus are in the HTML;
 * elsewhere they are fetched once after the page loads.
 */
export function useSiteSettings(initial?: SiteSettings): SiteSettings | undefined {
  if (initial && !cached) cached = initial;
  const [settings, setSettings] = useState<SiteSettings | undefined>(initial ?? cached);
  useEffect(() => {
    if (initial) {
      setSettings(initial);
      return;
    }
    if (cached) {
      setSettings(cached);
      return;
    }
    let live = true;
    void loadSettings().then((loaded) => live && loaded && setSettings(loaded));
    return () => {
      live = false;
    };
  }, [initial]);
  return settings;
}
