import type { AdminOrder } from '@/lib/api/admin';
import { formatDateTime, formatVnd, labelOf, ORDER_STATUS_LABELS } from '../format';
import { Badge, Fact, type Tone } from '../ui';

const ORDER_TONES: Record<string, Tone> = { paid: 'good', pending: 'info', cancelled: 'neutral', failed: 'bad' };

/** One VIP order with its payment gateway's notifications (IPN), oldest first. */
export function OrderItem({ order, showEmail = true }: { order: AdminOrder; showEmail?: boolean }) {
  return (
    <li className="rounded-lg border border-ink/10 p-3 dark:border-night-line" data-testid="admin-order">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="break-all font-mono text-sm font-semibold">{order.ref}</span>
        <Badge tone={ORDER_TONES[order.status] ?? 'neutral'}>{labelOf(ORDER_STATUS_LABELS, order.status)}</Badge>
        <span className="ml-auto font-semibold tabular-nums">{formatVnd(order.amount)}</span>
      </div>
      <dl className="grid gap-1 sm:grid-cols-2">
        {showEmail && <Fact label="Email">{order.email ?? '(tài khoản đã xóa)'}</Fact>}
        <Fact label="Gói">{order.plan}</Fact>
        <Fact label="Cổng thanh toán">{order.provider}</Fact>
        <Fact label="Mã giao dịch cổng">{order.providerRef ?? '—'}</Fact>
        <Fact label="Tạo lúc">{formatDateTime(order.createdAt)}</Fact>
        <Fact label="Thanh toán lúc">{formatDateTime(order.paidAt)}</Fact>
      </dl>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-brand dark:text-brand-dark">Lịch sử IPN ({order.ipn.length})</summary>
        {order.ipn.length === 0 ? (
          <p className="mt-1 text-ink-soft dark:text-neutral-400">Cổng thanh toán chưa gửi thông báo nào cho đơn này.</p>
        ) : (
          <ol className="mt-1 space-y-1">
            {order.ipn.map((ipn, index) => (
              <li key={`${ipn.at}-${index}`} className="flex flex-wrap items-center gap-2">
                <span className="tabular-nums">{formatDateTime(ipn.at)}</span>
                <span className="font-mono">mã {ipn.code}</span>
                <Badge tone={ipn.ok ? 'good' : 'bad'}>{ipn.ok ? 'Hợp lệ' : 'Bị từ chối'}</Badge>
              </li>
            ))}
          </ol>
        )}
      </details>
    </li>
  );
}
