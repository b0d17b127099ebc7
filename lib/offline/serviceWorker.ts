import { SERVICE_WORKER_URL, SKIP_WAITING_MESSAGE } from './constants';

/** How often an open page asks whether a new version of the site is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (production builds only: `next dev` serves none) and reports a
 * new version once it is installed and waiting; `takeOver` lets it take over and reloads the
 * page when it has. Returns a function that stops watching.
 */
export function watchServiceWorker(onUpdate: (takeOver: () => void) => void): () => void {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const container = navigator.serviceWorker;
  let stopped = false;
  let timer: number | undefined;

  const offer = (worker: ServiceWorker) => {
    if (stopped || !container.controller) return;
    onUpdate(() => {
      container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      worker.postMessage({ type: SKIP_WAITING_MESSAGE });
    });
  };

  container
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .then((registration) => {
      if (registration.waiting) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => installing.state === 'installed' && offer(installing));
      });
      timer = window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => console.error('serviceWorker:', error instanceof Error ? error.message : error));

  return () => {
    stopped = true;
    window.clearInterval(timer);
  };
}
