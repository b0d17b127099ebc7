import { OPENED_NOTIFICATION_PARAM } from '../notifications/unread';

/**
 * Web Push in the service worker: a pushed message becomes a notification (one per story: a
 * newer one replaces it), and clicking it opens the chapter in a tab of the site (an open one is
 * reused). The chapter's navigation goes through the worker's routes, so a downloaded chapter
 * opens offline too.
 */

interface PushMessage {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
  notificationId?: unknown;
}

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
  action: string;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}

declare const self: {
  location: Location;
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>; openWindow(url: string): Promise<WindowClient | null> };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};

const FALLBACK_TITLE = 'Truyện Audio';
const FALLBACK_URL = '/user?tab=notifications';

/** A same-origin path from a message, else the notification centre. */
export function safePath(url: unknown, origin: string): string {
  if (typeof url !== 'string') return FALLBACK_URL;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : FALLBACK_URL;
  } catch {
    return FALLBACK_URL;
  }
}

/** Where a click goes: the chapter, with the entry's id for the page to mark it read. */
export function clickedPath(data: { url?: unknown; notificationId?: unknown }, origin: string): string {
  const path = safePath(data.url, origin);
  if (typeof data.notificationId !== 'string' || !/^\d{1,15}$/.test(data.notificationId)) return path;
  const url = new URL(path, origin);
  url.searchParams.set(OPENED_NOTIFICATION_PARAM, data.notificationId);
  return `${url.pathname}${url.search}${url.hash}`;
}

function readMessage(event: PushEvent): PushMessage {
  if (!event.data) return {};
  try {
    const value = event.data.json();
    return value && typeof value === 'object' ? (value as PushMessage) : {};
  } catch {
    return { body: event.data.text() };
  }
}

async function openPath(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // A tab of the site is reused (it may already show the chapter); focusing may be refused.
  const open = windows.find((client) => client.url === target) ?? windows.find((client) => new URL(client.url).origin === self.location.origin);
  const shown = open ? (open.url === target ? open : await open.navigate(target).catch(() => null)) : null;
  if (shown) await shown.focus().catch(() => undefined);
  else await self.clients.openWindow(target);
}

export function registerPushHandlers(): void {
  self.addEventListener('push', (event) => {
    const message = readMessage(event);
    const title = typeof message.title === 'string' && message.title ? message.title : FALLBACK_TITLE;
    const options: NotificationOptions = {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'vi',
      data: { url: safePath(message.url, self.location.origin), notificationId: typeof message.notificationId === 'string' ? message.notificationId : null },
    };
    event.waitUntil(self.registration.showNotification(title, options));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = (event.notification.data ?? {}) as { url?: unknown; notificationId?: unknown };
    event.waitUntil(openPath(clickedPath(data, self.location.origin)));
  });
}
