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

/** A short name for this browser in the reader's device list. */
export function browserLabel(): string {
  const agent = navigator.userAgent;
  const browser = /Edg\//.test(agent) ? 'Edge' : /Firefox\//.test(agent) ? 'Firefox' : /Chrome\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : 'Trình duyệt';
  const system = /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Windows/.test(agent) ? 'Windows' : /Mac OS/.test(agent) ? 'macOS' : /Linux/.test(agent) ? 'Linux' : '';
  return system ? `${browser} trên ${system}` : browser;
}
