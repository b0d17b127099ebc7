import { serviceWorkerContainer } from '../offline/serviceWorker';

/**
 * This browser's side of Web Push: whether it can, its subscription, subscribing with the
 * server's public key (asking the reader's permission) and unsubscribing.
 */

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !serviceWorkerContainer() || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  const container = serviceWorkerContainer();
  return container ? container.ready : null;
}

/** This browser's subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const ready = await registration();
  return ready ? ready.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushPermissionError extends Error {}

/** Asks permission if needed and subscribes this browser; a subscription made with another key is replaced. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const ready = await registration();
  if (!ready) throw new PushPermissionError('Trình duyệt này không hỗ trợ thông báo đẩy.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError('Bạn chưa cho phép trang gửi thông báo. Hãy cho phép trong cài đặt trình duyệt.');
  const key = keyBytes(publicKey);
  const existing = await ready.pushManager.getSubscription();
  if (existing) {
    const current = existing.options.applicationServerKey;
    const same = current && new Uint8Array(current).every((byte, i) => byte === key[i]);
    if (same) return existing.toJSON();
    await existing.unsubscribe();
  }
  const subscription = await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** Unsubscribes this browser; answers the endpoint it had, for the server to forget. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe().catch(() => false);
  return endpoint;
}

/** How long sign-out waits at most for the push subscription to be let go. */
export const RELEASE_TIMEOUT_MS = 3_000;

/**
 * At sign-out: this browser stops receiving the reader's pushes. The server is told to forget the
 * endpoint (`forget`, called while the reader's token is still stored) and the browser
 * unsubscribes; both are best effort and bounded by `timeoutMs`, so sign-out never fails or
 * waits long on them. The registration is looked up, not awaited with `ready`, which never
 * settles on a page without a worker.
 */
export async function releasePushSubscription(
  forget: (endpoint: string) => Promise<unknown>,
  container: ServiceWorkerContainer | null = serviceWorkerContainer(),
  timeoutMs = RELEASE_TIMEOUT_MS,
): Promise<void> {
  if (!container) return;
  const release = (async () => {
    const found = await container.getRegistration();
    const subscription = found ? await found.pushManager.getSubscription() : null;
    if (!subscription) return;
    await Promise.allSettled([forget(subscription.endpoint), subscription.unsubscribe()]);
  })().catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([release, timeout]);
  clearTimeout(timer);
}

/** A short name for this browser in the reader's device list. */
export function browserLabel(): string {
  const agent = navigator.userAgent;
  const browser = /Edg\//.test(agent) ? 'Edge' : /Firefox\//.test(agent) ? 'Firefox' : /Chrome\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : 'Trình duyệt';
  const system = /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Windows/.test(agent) ? 'Windows' : /Mac OS/.test(agent) ? 'macOS' : /Linux/.test(agent) ? 'Linux' : '';
  return system ? `${browser} trên ${system}` : browser;
}
