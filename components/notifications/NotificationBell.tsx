import { Bell } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useSyncExternalStore } from 'react';
import { profileHref } from '@/components/user/menu';
import { useAuth } from '@/hooks/useAuth';
import { changingUnread, OPENED_NOTIFICATION_PARAM, readingUnread, setUnreadCount, subscribeUnread, unreadCount } from '@/lib/notifications/unread';

/** How often an open, visible page asks for the count again. */
const REFRESH_MS = 3 * 60_000;
// The API client (axios) loads with the first call, keeping it out of every page's first load.
const notificationsApi = () => import('@/lib/api/notifications');

async function refresh(): Promise<void> {
  const api = await notificationsApi();
  const answered = readingUnread();
  answered(await api.getUnreadCount());
}

/**
 * Marks read the entry whose push the reader clicked (the worker adds its id to the chapter's
 * address), then takes the id out of the address.
 */
function useOpenedFromPush(signedIn: boolean): void {
  const router = useRouter();
  const opened = router.query[OPENED_NOTIFICATION_PARAM];
  useEffect(() => {
    if (!signedIn || typeof opened !== 'string' || !/^\d{1,15}$/.test(opened)) return;
    // Counted as a change from now: a count read sent alongside (the bell's first refresh) may
    // have been answered before the entry was read, and is not shown over this answer.
    const answered = changingUnread();
    void notificationsApi()
      .then((api) => api.markNotificationRead(opened))
      .then(answered, () => answered(undefined));
    const url = new URL(window.location.href);
    url.searchParams.delete(OPENED_NOTIFICATION_PARAM);
    void router.replace(`${url.pathname}${url.search}${url.hash}`, undefined, { shallow: true, scroll: false });
  }, [signedIn, opened, router]);
}

/** The header's bell: the notification centre with the unread count, for a signed-in reader. */
export function NotificationBell({ className = '' }: { className?: string }) {
  const { status, user } = useAuth();
  const unread = useSyncExternalStore(subscribeUnread, unreadCount, () => null);
  const signedIn = Boolean(user);
  useOpenedFromPush(signedIn);

  useEffect(() => {
    if (!signedIn) {
      setUnreadCount(null);
      return;
    }
    void refresh();
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    const timer = setInterval(() => document.visibilityState === 'visible' && void refresh(), REFRESH_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn]);

  // A stored session is being restored: keep the bell's place so the header does not move.
  if (status === 'restoring') return <span aria-hidden className={`h-10 w-10 shrink-0 ${className}`} />;
  if (!signedIn) return null;
  const count = unread ?? 0;
  const label = count > 0 ? `Thông báo: ${count} chưa đọc` : 'Thông báo';
  return (
    <Link
      prefetch={false}
      href={profileHref('notifications')}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className={`relative grid h-10 w-10 shrink-0 place-items-center rounded-full hover:bg-ink/5 dark:hover:bg-white/10 ${className}`}
    >
      <Bell size={22} aria-hidden />
      {count > 0 && (
        <span
          aria-hidden
          data-testid="notification-count"
          className="absolute right-0.5 top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-700 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-paper-deep dark:bg-red-400 dark:text-night dark:ring-night-raised"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
