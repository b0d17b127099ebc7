import { Crown } from 'lucide-react';
import { useRouter } from 'next/router';
import { useId, useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { grantVip, listOrders } from '@/lib/api/admin';
import { VIP_GRANT_MAX_DAYS } from '../accounts/AccountScreen';
import { FilterTabs, ListFooter, SearchForm } from '../filters';
import { formatDateTime, ORDER_STATUS_LABELS } from '../format';
import { queryChoice, queryPage, queryParam } from '../query';
import { REASON_MAX_LENGTH } from '../ReasonDialog';
import { useAdminData } from '../useAdminData';
import { useFormAction } from '../useFormAction';
import { BUTTON, CARD, FormError, INPUT, LABEL, LoadState, ScreenTitle } from '../ui';
import { OrderItem } from './OrderItem';

const STATUSES = ['pending', 'paid', 'cancelled', 'failed'] as const;

/** Grant or extend VIP by hand, by email, with a reason for the audit log. */
function GrantForm() {
  const { notify } = useAuth();
  const [email, setEmail] = useState('');
  const [days, setDays] = useState('30');
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useFormAction();
  const id = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const dayCount = Number(days);
    if (!email.trim()) return setError('Vui lòng nhập email tài khoản.');
    if (!Number.isInteger(dayCount) || dayCount < 1 || dayCount > VIP_GRANT_MAX_DAYS) return setError(`Số ngày phải từ 1 đến ${VIP_GRANT_MAX_DAYS}.`);
    if (!reason.trim()) return setError('Vui lòng nhập lý do.');
    await run(async () => {
      const user = await grantVip(email.trim(), dayCount, reason.trim());
      notify({ text: `Đã cấp VIP cho ${user.email} đến ${formatDateTime(user.expireTime * 1000)}.`, tone: 'success' });
      setEmail('');
      setReason('');
    });
  };

  return (
    <details className={`${CARD} mb-5`}>
      <summary className="cursor-pointer font-bold">
        <Crown size={16} aria-hidden className="mr-1 inline" /> Cấp hoặc gia hạn VIP thủ công
      </summary>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div>
          <label htmlFor={`${id}-email`} className={LABEL}>
            Email tài khoản
          </label>
          <input id={`${id}-email`} type="email" value={email} onChange={(event) => setEmail(event.target.value)} required className={INPUT} />
        </div>
        <div>
          <label htmlFor={`${id}-days`} className={LABEL}>
            Số ngày (1–{VIP_GRANT_MAX_DAYS})
          </label>
          <input id={`${id}-days`} type="number" inputMode="numeric" min={1} max={VIP_GRANT_MAX_DAYS} value={days} onChange={(event) => setDays(event.target.value)} className={INPUT} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-reason`} className={LABEL}>
            Lý do
          </label>
          <input id={`${id}-reason`} value={reason} maxLength={REASON_MAX_LENGTH} onChange={(event) => setReason(event.target.value)} required className={INPUT} placeholder="Ví dụ: đã thanh toán nhưng chưa nhận VIP, mã đơn …" />
        </div>
        <div className="sm:col-span-2">
          <FormError message={error} />
          <p className="mt-1 text-sm text-ink-soft dark:text-neutral-400">VIP được cộng thêm từ ngày hết hạn hiện tại, hoặc từ hôm nay nếu đã hết hạn.</p>
          <button type="submit" disabled={busy} className={`${BUTTON.primary} mt-2`}>
            {busy ? 'Đang cấp…' : 'Cấp VIP'}
          </button>
        </div>
      </form>
    </details>
  );
}

/** Đơn VIP: orders by email or reference, with their status and IPN history; VIP by hand. */
export function VipScreen() {
  const router = useRouter();
  const query = queryParam(router.query, 'query');
  const status = queryChoice(router.query, 'status', STATUSES);
  const page = queryPage(router.query);
  const params = { query, status: status ?? '' };
  const orders = useAdminData(() => listOrders({ query, status, page }), `${query}|${status}|${page}`, router.isReady);
  return (
    <>
      <ScreenTitle title="Đơn VIP" />
      <GrantForm />
      <SearchForm label="Tìm đơn VIP" placeholder="Email hoặc mã đơn" current={query} params={params} />
      <FilterTabs
        label="Trạng thái đơn"
        param="status"
        current={status ?? ''}
        params={params}
        choices={[{ value: '', label: 'Tất cả' }, ...STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))]}
      />
      <LoadState
        state={orders.state}
        error={orders.error}
        hasData={Boolean(orders.data)}
        empty={orders.data?.results.length === 0}
        emptyTitle="Không có đơn nào"
        emptyHint={query ? `Không có đơn khớp với "${query}".` : undefined}
        onRetry={orders.reload}
      >
        {orders.data && (
          <>
            <ul className="grid gap-3 lg:grid-cols-2">
              {orders.data.results.map((order) => (
                <OrderItem key={order._id} order={order} />
              ))}
            </ul>
            <ListFooter total={orders.data.total} page={orders.data.page} perpage={orders.data.perpage} params={params} noun="đơn" />
          </>
        )}
      </LoadState>
    </>
  );
}
