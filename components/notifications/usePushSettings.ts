import { useCallback, useEffect, useState } from 'react';
import type { NotificationSettings } from '@/lib/api/notifications';
import { browserLabel, currentSubscription, pushSupport, PushPermissionError, subscribeThisBrowser, unsubscribeThisBrowser, type PushSupport } from '@/lib/notifications/pushClient';

const notificationsApi = () => import('@/lib/api/notifications');

export interface PushSettingsState {
  settings: NotificationSettings | null;
  /** Why the settings could not be loaded. */
  loadError: string | null;
  support: PushSupport;
  /** This browser's endpoint when it is subscribed. */
  thisEndpoint: string | null;
  busy: boolean;
  message: { text: string; tone: 'ok' | 'error' } | null;
}

/**
 * The reader's push settings and this browser's subscription, with the actions of the settings
 * page and the story page: each action says how it went in `message`.
 */
export function usePushSettings() {
  const [state, setState] = useState<PushSettingsState>({ settings: null, loadError: null, support: 'unsupported', thisEndpoint: null, busy: false, message: null });
  const patch = (change: Partial<PushSettingsState>) => setState((current) => ({ ...current, ...change }));

  const load = useCallback(async () => {
    const answer = await (await notificationsApi()).getNotificationSettings();
    const subscription = await currentSubscription().catch(() => null);
    setState((current) => ({
      ...current,
      settings: answer.ok ? answer.data : current.settings,
      loadError: answer.ok ? null : answer.message,
      support: pushSupport(),
      thisEndpoint: subscription?.endpoint ?? null,
    }));
  }, []);

  useEffect(() => {
    // Loads from the server once mounted; the state is set when the answer comes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const run = async (action: () => Promise<{ settings?: NotificationSettings; ok?: string; error?: string }>) => {
    patch({ busy: true, message: null });
    try {
      const result = await action();
      setState((current) => ({
        ...current,
        busy: false,
        settings: result.settings ?? current.settings,
        support: pushSupport(),
        message: result.error ? { text: result.error, tone: 'error' } : result.ok ? { text: result.ok, tone: 'ok' } : null,
      }));
    } catch (error) {
      const text = error instanceof PushPermissionError ? error.message : 'Không bật được thông báo trên trình duyệt này, vui lòng thử lại.';
      patch({ busy: false, support: pushSupport(), message: { text, tone: 'error' } });
    }
  };

  /** Subscribes this browser (asking permission) and turns push on. */
  const enableHere = () =>
    run(async () => {
      const publicKey = state.settings?.publicKey;
      if (!publicKey) return { error: 'Máy chủ chưa bật thông báo đẩy.' };
      const subscription = await subscribeThisBrowser(publicKey);
      const answer = await (await notificationsApi()).subscribePush(subscription, browserLabel());
      if (!answer.ok) return { error: answer.message };
      patch({ thisEndpoint: subscription.endpoint ?? null });
      return { settings: answer.data, ok: 'Đã bật thông báo đẩy trên thiết bị này.' };
    });

  /** Forgets a device (this browser is unsubscribed too). */
  const removeDevice = (endpoint: string) =>
    run(async () => {
      if (endpoint === state.thisEndpoint) {
        await unsubscribeThisBrowser();
        patch({ thisEndpoint: null });
      }
      const answer = await (await notificationsApi()).unsubscribePush(endpoint);
      return answer.ok ? { settings: answer.data, ok: 'Đã tắt thông báo trên thiết bị.' } : { error: answer.message };
    });

  const update = (change: Partial<Pick<NotificationSettings, 'pushEnabled' | 'quietStart' | 'quietEnd'>>, ok: string) =>
    run(async () => {
      const answer = await (await notificationsApi()).updateNotificationSettings(change);
      return answer.ok ? { settings: answer.data, ok } : { error: answer.message };
    });

  const sendTest = () =>
    run(async () => {
      const answer = await (await notificationsApi()).sendTestPush();
      if (!answer.ok) return { error: answer.message };
      return answer.data.sent > 0 ? { ok: `Đã gửi thông báo thử tới ${answer.data.sent} thiết bị.` } : { error: 'Chưa gửi được thông báo thử, vui lòng thử lại sau.' };
    });

  return { ...state, reload: load, enableHere, removeDevice, update, sendTest };
}
