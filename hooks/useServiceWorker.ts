import { useEffect, useState } from 'react';
import { removeDevelopmentWorkers, watchServiceWorker } from '@/lib/offline/serviceWorker';

/** The service worker of the site, and a new version waiting to take over (null when none). */
export function useServiceWorker(): { takeOver: (() => void) | null; dismiss: () => void } {
  const [takeOver, setTakeOver] = useState<(() => void) | null>(null);
  useEffect(() => {
    removeDevelopmentWorkers();
    return watchServiceWorker((apply) => setTakeOver(() => apply));
  }, []);
  return { takeOver, dismiss: () => setTakeOver(null) };
}
