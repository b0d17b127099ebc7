import { CircleCheck, CircleX, Clock, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { useVip } from '@/hooks/useVip';
import { formatDateTime, formatVnd } from './format';

export interface PaymentReport {
  valid: boolean;
  ref: string;
  status: 'pending' | 'paid' | 'cancelled' | 'failed' | 'unknown';
  planName: string | null;
  amount: number | null;
  message: string;
}

const VIEWS: Record<'paid' | 'pending' | 'failed', { icon: LucideIcon; title: string; tone: string }> = {
  paid: { icon: CircleCheck, title: 'Thanh toán thành công', tone: 'text-emerald-700 dark:text-emerald-300' },
  pending: { icon: Clock, title: 'Đang chờ xác nhận', tone: 'text-sky-700 dark:text-sky-300' },
  failed: { icon: CircleX, title: 'Giao dịch chưa hoàn tất', tone: 'text-red-700 dark:text-red-300' },
};

function NewExpiry() {
  const vip = useVip();
  if (!vip.active || vip.expireTime === null) return null;
  return (
    <p className="mt-3" data-testid="vip-new-expiry">
      Thời hạn VIP của bạn: đến <strong>{formatDateTime(vip.expireTime * 1000)}</strong>.
    </p>
  );
}

/** What became of a payment, as the return page reports it (the order's state, never a grant). */
export function PaymentResult({ report }: { report: PaymentReport }) {
  const kind = report.status === 'paid' ? 'paid' : report.status === 'pending' && report.valid ? 'pending' : 'failed';
  const { icon: Icon, title, tone } = VIEWS[kind];
  return (
    <section aria-labelledby="payment-result-title" className="rounded-2xl border border-ink/10 bg-white p-6 text-center shadow-sm dark:border-night-line dark:bg-night-raised">
      <Icon aria-hidden className={`mx-auto size-14 ${tone}`} />
      <h1 id="payment-result-title" className="mt-3 text-2xl font-bold">
        {title}
      </h1>
      <p className="mt-2" role={kind === 'pending' ? 'status' : undefined} data-testid="payment-message">
        {report.message}
      </p>
      {report.planName && report.amount !== null && (
        <p className="mt-3 text-sm text-ink-soft dark:text-neutral-400">
          Gói {report.planName} · {formatVnd(report.amount)} · Mã đơn {report.ref}
        </p>
      )}
      {kind === 'paid' && <NewExpiry />}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {kind === 'paid' ? (
          <Link prefetch={false} href="/" className="inline-flex min-h-11 items-center rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand/90 dark:bg-brand-dark dark:text-night">
            Đọc truyện ngay
          </Link>
        ) : (
          <Link prefetch={false} href="/vip" className="inline-flex min-h-11 items-center rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand/90 dark:bg-brand-dark dark:text-night">
            Quay lại trang VIP
          </Link>
        )}
        <Link prefetch={false} href="/user?tab=account" className="inline-flex min-h-11 items-center rounded-lg border border-ink/20 px-5 py-2 font-semibold hover:bg-ink/5 dark:border-neutral-600 dark:hover:bg-white/5">
          Lịch sử giao dịch
        </Link>
      </div>
    </section>
  );
}
