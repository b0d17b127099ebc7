import { useAuth } from '@/hooks/useAuth';
import { useVip } from '@/hooks/useVip';
import { VipBadge } from './VipBadge';
import { formatDateTime } from './format';

/** The reader's membership on /vip: member until when, lapsed, or a sign-in prompt. */
export function VipStatus() {
  const { openSignIn } = useAuth();
  const vip = useVip();
  const box = 'mt-6 min-h-16 rounded-xl border px-4 py-3 text-sm sm:text-base';

  if (vip.status === 'unknown') return <div className={`${box} border-transparent`} aria-hidden />;
  if (!vip.signedIn) {
    return (
      <div className={`${box} flex flex-wrap items-center justify-between gap-3 border-ink/10 bg-white/60 dark:border-night-line dark:bg-night-raised`}>
        <p>Đăng nhập để mua VIP và xem thời hạn thành viên của bạn.</p>
        <button
          type="button"
          onClick={() => openSignIn('login')}
          className="min-h-11 rounded-lg border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand/10 dark:border-brand-dark dark:text-brand-dark"
        >
          Đăng nhập
        </button>
      </div>
    );
  }
  if (vip.active && vip.expireTime !== null) {
    return (
      <div className={`${box} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-600/60 dark:bg-amber-950/40 dark:text-amber-50`} data-testid="vip-status">
        <p className="flex flex-wrap items-center gap-2">
          <VipBadge />
          <span>
            Bạn là thành viên VIP đến <strong>{formatDateTime(vip.expireTime * 1000)}</strong>.
          </span>
        </p>
        <p className="mt-1 text-sm opacity-90">Mua thêm gói bất kỳ để gia hạn: thời gian mới được cộng dồn vào ngày hết hạn hiện tại.</p>
      </div>
    );
  }
  return (
    <div className={`${box} border-ink/10 bg-white/60 dark:border-night-line dark:bg-night-raised`} data-testid="vip-status">
      {vip.expireTime ? (
        <p>
          Gói VIP của bạn đã hết hạn lúc <strong>{formatDateTime(vip.expireTime * 1000)}</strong>. Gia hạn để tiếp tục đọc chương VIP và tắt quảng cáo.
        </p>
      ) : (
        <p>Bạn chưa là thành viên VIP. Chọn một gói bên dưới để bắt đầu.</p>
      )}
    </div>
  );
}
