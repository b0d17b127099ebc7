import { LoaderCircle, Receipt } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { getVipOrders, type VipOrderInfo, type VipOrderStatus } from '@/lib/api/vip';
import { ORDER_STATUS_LABELS, formatDateTime, formatVnd } from './format';

type HistoryState = { kind: 'loading' } | { kind: 'ready'; orders: VipOrderInfo[] } | { kind: 'failed' };

const STATUS_CLASSES: Record<VipOrderStatus, string> = {
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  pending: 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  cancelled: 'bg-neutral-200 text-neutral-800 dark:bg-neutral-700/60 dark:text-neutral-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
};

function StatusPill({ status }: { status: VipOrderStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

function OrderRow({ order }: { order: VipOrderInfo }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3" data-testid="vip-order">
      <div className="min-w-0">
        <p className="font-semibold">Gói {order.planName}</p>
        <p className="text-sm text-ink-soft dark:text-neutral-400">
          <time dateTime={new Date(order.createdAt).toISOString()}>{formatDateTime(order.createdAt)}</time>
          <span aria-hidden> · </span>
          <span className="break-all">Mã {order.ref}</span>
        </p>
      </div>
      <div className="text-right">
        <p className="font-semibold tabular-nums">{formatVnd(order.amount)}</p>
        <StatusPill status={order.status} />
      </div>
    </li>
  );
}

/** The reader's VIP purchases, newest first, for the account tab of /user. */
export function PurchaseHistory() {
  const { status } = useAuth();
  const [state, setState] = useState<HistoryState>({ kind: 'loading' });

  useEffect(() => {
    if (status !== 'signedIn') return;
    let cancelled = false;
    getVipOrders().then(
      (orders) => !cancelled && setState({ kind: 'ready', orders }),
      () => !cancelled && setState({ kind: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [status]);

  return (
    <section aria-labelledby="purchase-history-title" className="rounded-xl border border-ink/10 bg-white/60 p-4 dark:border-night-line dark:bg-night-raised">
      <h2 id="purchase-history-title" className="flex items-center gap-2 font-semibold">
        <Receipt aria-hidden className="size-4" />
        Lịch sử mua VIP
      </h2>
      {status === 'signedOut' ? (
        <p className="mt-3 text-sm text-ink-soft dark:text-neutral-400">Hãy đăng nhập để xem lịch sử giao dịch.</p>
      ) : status !== 'signedIn' || state.kind === 'loading' ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-ink-soft dark:text-neutral-400" role="status">
          <LoaderCircle aria-hidden className="size-4 animate-spin" /> Đang tải…
        </p>
      ) : state.kind === 'failed' ? (
        <p role="alert" className="mt-3 text-sm text-red-800 dark:text-red-300">
          Không tải được lịch sử giao dịch, vui lòng thử lại sau.
        </p>
      ) : state.orders.length === 0 ? (
        <p className="mt-3 text-sm text-ink-soft dark:text-neutral-400">
          Bạn chưa có giao dịch nào.{' '}
          <Link prefetch={false} href="/vip" className="font-semibold text-brand underline-offset-2 hover:underline dark:text-brand-dark">
            Xem các gói VIP
          </Link>
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-ink/10 dark:divide-night-line">
          {state.orders.map((order) => (
            <OrderRow key={order.ref} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
