import { BellOff, CheckCheck } from 'lucide-react';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { profileHref } from '@/components/user/menu';
import {
  getNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationEntry,
} from '@/lib/api/notifications';
import { changingUnread, readingUnread } from '@/lib/notifications/unread';
import { formatDateTime, formatRelativeTime } from '@/lib/relativeTime';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; entries: NotificationEntry[]; total: number; page: number };

function Entry({ entry, onOpen }: { entry: NotificationEntry; onOpen: (entry: NotificationEntry) => void }) {
  return (
    <li>
      <Link
        prefetch={false}
        href={entry.url}
        onClick={() => onOpen(entry)}
        data-testid="notification-entry"
        className={`flex gap-3 rounded-xl border p-3 hover:bg-ink/5 dark:hover:bg-white/5 ${
          entry.read ? 'border-ink/10 dark:border-night-line' : 'border-brand/40 bg-brand/5 dark:border-brand-dark/40 dark:bg-brand-dark/10'
        }`}
      >
        <span aria-hidden className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${entry.read ? 'bg-transparent' : 'bg-brand dark:bg-brand-dark'}`} />
        <span className="min-w-0 flex-1">
          <span className={`block ${entry.read ? '' : 'font-semibold'}`}>
            {entry.title}: <span className="text-brand dark:text-brand-dark">{entry.body}</span>
          </span>
          <span className="mt-1 block text-sm text-ink-soft dark:text-neutral-400">
            {!entry.read && <span className="sr-only">Chưa đọc, </span>}
            <time dateTime={new Date(entry.createdAt).toISOString()} title={formatDateTime(entry.createdAt)}>
              {formatRelativeTime(entry.createdAt)}
            </time>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** /user?tab=notifications: new chapters of the stories the reader keeps, newest first. */
export function NotificationsTab() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [more, setMore] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const fetchPage = useCallback(async (page: number) => {
    const counted = readingUnread();
    const answer = await getNotifications(page);
    counted(answer.ok ? answer.data.unread : undefined);
    if (!answer.ok) {
      if (page === 0) setLoad({ state: 'error', message: answer.message });
      else setNotice(answer.message);
      return;
    }
    setLoad((current) => ({
      state: 'ready',
      entries: page > 0 && current.state === 'ready' ? [...current.entries, ...answer.data.results] : answer.data.results,
      total: answer.data.total,
      page,
    }));
  }, []);

  useEffect(() => {
    // Loads the first page once mounted; the state is set when the answer comes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void fetchPage(0);
  }, [fetchPage]);

  const open = (entry: NotificationEntry) => {
    if (entry.read) return;
    void markNotificationRead(entry._id).then(changingUnread());
  };
  const readAll = async () => {
    const counted = changingUnread();
    const answer = await markAllNotificationsRead();
    counted(answer.ok ? answer.data : undefined);
    if (!answer.ok) {
      setNotice(answer.message);
      return;
    }
    setLoad((current) => (current.state === 'ready' ? { ...current, entries: current.entries.map((entry) => ({ ...entry, read: true })) } : current));
    setNotice('Đã đánh dấu tất cả là đã đọc.');
  };

  if (load.state === 'loading') {
    return (
      <p role="status" className="text-ink-soft dark:text-neutral-400">
        Đang tải thông báo…
      </p>
    );
  }
  if (load.state === 'error') {
    return (
      <div role="alert" className="space-y-3">
        <p>{load.message}</p>
        <button type="button" onClick={() => void fetchPage(0)} className="min-h-11 rounded-lg border border-brand px-4 font-semibold text-brand dark:border-brand-dark dark:text-brand-dark">
          Thử lại
        </button>
      </div>
    );
  }
  const unread = load.entries.some((entry) => !entry.read);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-soft dark:text-neutral-400">Chương mới của truyện trong tủ truyện của bạn, giữ trong 30 ngày.</p>
        {unread && (
          <button type="button" onClick={() => void readAll()} className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-brand hover:bg-brand/10 dark:text-brand-dark">
            <CheckCheck size={16} aria-hidden /> Đánh dấu tất cả đã đọc
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {notice}
      </p>
      {load.entries.length === 0 ? (
        <div className="rounded-xl border border-dashed border-ink/20 p-6 text-center dark:border-night-line">
          <BellOff aria-hidden className="mx-auto mb-2 size-8 text-ink-soft dark:text-neutral-400" />
          <p className="font-semibold">Chưa có thông báo nào</p>
          <p className="mt-1 text-sm text-ink-soft dark:text-neutral-400">
            Lưu truyện vào{' '}
            <Link prefetch={false} href={profileHref('favorites')} className="text-brand underline dark:text-brand-dark">
              tủ truyện
            </Link>{' '}
            để được báo khi có chương mới.
          </p>
        </div>
      ) : (
        <ul className="space-y-2" aria-label="Danh sách thông báo">
          {load.entries.map((entry) => (
            <Entry key={entry._id} entry={entry} onOpen={open} />
          ))}
        </ul>
      )}
      {load.entries.length < load.total && (
        <button
          type="button"
          disabled={more}
          onClick={async () => {
            setMore(true);
            await fetchPage(load.page + 1);
            setMore(false);
          }}
          className="min-h-11 w-full rounded-lg border border-ink/15 font-semibold hover:bg-ink/5 disabled:opacity-60 dark:border-night-line dark:hover:bg-white/5"
        >
          {more ? 'Đang tải…' : 'Xem thêm'}
        </button>
      )}
    </div>
  );
}
