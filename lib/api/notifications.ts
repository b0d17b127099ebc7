import { api } from './client';
import { quietly, serverMessage } from './policy';

/** Shapes of the notification endpoints, shared by the server and the browser. */

export interface NotificationEntry {
  _id: string;
  story: { _id: string; slug: string; title: string; cover: string | null };
  fromChapter: number;
  toChapter: number;
  chapterTitle: string;
  /** "Truyện X có chương mới" */
  title: string;
  /** "Chương N – title" (and how many more). */
  body: string;
  /** The first new chapter's page. */
  url: string;
  read: boolean;
  createdAt: number;
}

export interface NotificationPage {
  results: NotificationEntry[];
  total: number;
  page: number;
  perpage: number;
  unread: number;
}

export interface PushDevice {
  endpoint: string;
  label: string;
  createdAt: number;
}

export interface NotificationSettings {
  pushEnabled: boolean;
  /** Quiet hours, minutes after midnight (Vietnam time). */
  quietStart: number;
  quietEnd: number;
  /** The server's VAPID public key; null when push is off on the server. */
  publicKey: string | null;
  devices: PushDevice[];
  maxDevices: number;
}

export interface StoryPush {
  storyId: string;
  push: boolean;
}

export type Answer<T> = { ok: true; data: T } | { ok: false; message: string };

async function answer<T>(call: () => Promise<T>): Promise<Answer<T>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    return { ok: false, message: serverMessage(error) ?? 'Không kết nối được máy chủ, vui lòng thử lại.' };
  }
}

export function getUnreadCount(): Promise<number | undefined> {
  return quietly('getUnreadCount', async () => (await api.get<{ message: { unread: number } }>('/user/notifications/unread')).data.message.unread);
}

export function getNotifications(page = 0): Promise<Answer<NotificationPage>> {
  return answer(async () => (await api.get<NotificationPage>('/user/notifications', { params: { page } })).data);
}

export function markNotificationRead(id: string): Promise<number | undefined> {
  return quietly('markNotificationRead', async () => (await api.post<{ message: { unread: number } }>('/user/notifications/read', { id })).data.message.unread);
}

export function markAllNotificationsRead(): Promise<Answer<number>> {
  return answer(async () => (await api.post<{ message: { unread: number } }>('/user/notifications/read', { all: true })).data.message.unread);
}

export function getNotificationSettings(): Promise<Answer<NotificationSettings>> {
  return answer(async () => (await api.get<{ message: NotificationSettings }>('/user/notifications/settings')).data.message);
}

export function updateNotificationSettings(change: Partial<Pick<NotificationSettings, 'pushEnabled' | 'quietStart' | 'quietEnd'>>): Promise<Answer<NotificationSettings>> {
  return answer(async () => (await api.put<{ message: NotificationSettings }>('/user/notifications/settings', change)).data.message);
}

export function subscribePush(subscription: PushSubscriptionJSON, label: string): Promise<Answer<NotificationSettings>> {
  return answer(async () => (await api.post<{ message: NotificationSettings }>('/user/push/subscription', { subscription, label })).data.message);
}

/** `token`: the reader's token when it has already left storage (sign-out). */
export function unsubscribePush(endpoint: string, token?: string | null): Promise<Answer<NotificationSettings>> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  return answer(async () => (await api.delete<{ message: NotificationSettings }>('/user/push/subscription', { data: { endpoint }, headers })).data.message);
}

export function sendTestPush(): Promise<Answer<{ sent: number; failed: number }>> {
  return answer(async () => (await api.post<{ message: { sent: number; failed: number } }>('/user/push/test')).data.message);
}

export function getStoryPush(storyId: string): Promise<StoryPush | undefined> {
  return quietly('getStoryPush', async () => (await api.get<{ message: StoryPush }>('/user/push/story', { params: { storyId } })).data.message);
}

export function setStoryPush(storyId: string, push: boolean): Promise<Answer<StoryPush>> {
  return answer(async () => (await api.put<{ message: StoryPush }>('/user/push/story', { storyId, push })).data.message);
}
