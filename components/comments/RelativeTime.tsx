import { useEffect, useState } from 'react';
import { formatDateTime, formatRelativeTime } from '@/lib/relativeTime';

const TICK_MS = 60_000;

/** "3 phút trước", kept current while the page stays open; the full date on hover. */
export function RelativeTime({ time, edited }: { time: number; edited?: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time dateTime={new Date(time).toISOString()} title={formatDateTime(time)} className="text-xs text-ink-soft dark:text-neutral-400">
      {formatRelativeTime(time, now)}
      {edited ? ' · đã sửa' : ''}
    </time>
  );
}
