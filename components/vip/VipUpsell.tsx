import { Crown, Lock } from 'lucide-react';
import Link from 'next/link';
import { useAuth } from '@/hooks/useAuth';

export const VIP_UPSELL_MESSAGE = 'Đây là chương VIP. Hãy nâng cấp VIP để đọc và nghe chương này.';

interface VipUpsellProps {
  /** The refusal to show; the API's own 403 message fits here. */
  message?: string;
  className?: string;
}

/**
 * The lock shown instead of a VIP chapter to readers who are not members: why, what VIP gives,
 * a way to /vip and, when signed out, a way to sign in (a member may simply not be signed in).
 */
export function VipUpsell({ message = VIP_UPSELL_MESSAGE, className = '' }: VipUpsellProps) {
  const { status, openSignIn } = useAuth();
  return (
    <section
      aria-labelledby="vip-upsell-title"
      data-testid="vip-upsell"
      className={`rounded-2xl border border-amber-300 bg-amber-50 p-6 text-center text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-50 ${className}`}
    >
      <Lock aria-hidden className="mx-auto mb-3 size-10 text-amber-700 dark:text-amber-300" />
      <h2 id="vip-upsell-title" className="text-lg font-semibold">
        {message}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-amber-900 dark:text-amber-100/80">
        Thành viên VIP đọc và nghe trước các chương mới nhất và không thấy quảng cáo ở bất kỳ trang nào.
      </p>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
        <Link prefetch={false}
          href="/vip"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand/90 dark:bg-brand-dark dark:text-night"
        >
          <Crown aria-hidden className="size-4" />
          Nâng cấp VIP
        </Link>
        {status === 'signedOut' && (
          <button
            type="button"
            onClick={() => openSignIn('login')}
            className="inline-flex min-h-11 items-center rounded-lg border border-amber-400 px-4 py-2 font-semibold hover:bg-amber-100 dark:border-amber-600 dark:hover:bg-amber-900/40"
          >
            Đã là thành viên? Đăng nhập
          </button>
        )}
      </div>
    </section>
  );
}
