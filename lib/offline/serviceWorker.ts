import { SERVICE_WORKER_URL, SKIP_WAITING_MESSAGE } from './constants';

/** How often an open page asks whether a new version of the site is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The browser's service workers, in production builds only (`next dev` serves no worker). */
export function serviceWorkerContainer(): ServiceWorkerContainer | null {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker;
}

/** `next dev` serves no worker: one left by a production run on the same address is removed. */
export function removeDevelopmentWorkers(): void {
  if (process.env.NODE_ENV !== 'development' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch(() => undefined);
}

/**
 * Registers the service worker and reports a new version once it is installed and waiting;
 * `takeOver` lets it take over and reloads the page when it has. Returns a function that stops
 * watching.
 */
export function watchServiceWorker(
  onUpdate: (takeOver: () => void) => void,
  container: ServiceWorkerContainer | null = serviceWorkerContainer(),
  reload: () => void = () => window.location.reload(),
): () => void {
  if (!container) return () => undefined;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const offer = (worker: ServiceWorker) => {
    // The first worker of a visitor takes over by itself: there is nothing to update.
    if (stopped || !container.controller) return;
    onUpdate(() => {
      container.addEventListener('controllerchange', () => reload(), { once: true });
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
      timer = setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => console.error('serviceWorker:', error instanceof Error ? error.message : error));

  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
