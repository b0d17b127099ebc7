import { useSyncExternalStore } from 'react';
import { DEMO_COOKIE } from '@/lib/firstPaintScript';

const noSubscription = () => () => undefined;
const readDemoCookie = () => document.cookie.split(';').some((part) => part.trim() === `${DEMO_COOKIE}=1`);
const onServer = () => false;

/**
 * "Bản chạy thử": shown when the server runs in demo mode (Auth emulator and payment sandbox),
 * which it tells the page with a cookie, since pages are rendered once and cached.
 */
export function DemoBadge() {
  const demo = useSyncExternalStore(noSubscription, readDemoCookie, onServer);
  if (!demo) return null;
  return (
    <span
      className="shrink-0 rounded-full border border-amber-700 px-1.5 py-0.5 text-[0.65rem] font-semibold leading-none text-amber-800 dark:border-amber-400 dark:text-amber-300"
      title="Bản chạy thử: tài khoản giả lập và cổng thanh toán thử nghiệm, chỉ mở được trên máy này."
      data-testid="demo-badge"
    >
      bản chạy thử
    </span>
  );
}
