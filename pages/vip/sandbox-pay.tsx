import { Landmark, LoaderCircle } from 'lucide-react';
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { formatDateTime, formatVnd } from '@/components/vip/format';
import { completeSandboxPayment } from '@/lib/api/vip';
import { SITE_NAME } from '@/lib/constants';
import { assertDemoClient } from '@/server/auth/demoGuard';
import { HttpError } from '@/server/http/errors';
import { PaymentError } from '@/server/payments/errors';
import { ZPaymentQuery } from '@/server/services/vipInputs';
import { sandboxEnabled, sandboxRequest } from '@/server/services/vipSandbox';

interface SandboxOrder {
  ref: string;
  amount: number;
  orderInfo: string;
  /** Milliseconds since the epoch, or null when the request carries no expiry. */
  expiresAt: number | null;
}

const INVALID_REQUEST = 'Yêu cầu thanh toán không hợp lệ.';

type SandboxPageProps = { order: SandboxOrder; params: Record<string, string> } | { error: string };

function servesThisClient(req: Parameters<typeof assertDemoClient>[0]): boolean {
  try {
    assertDemoClient(req);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

export const getServerSideProps: GetServerSideProps<SandboxPageProps> = async ({ query, req, res }) => {
  if (!sandboxEnabled() || !servesThisClient(req)) return { notFound: true };
  res.setHeader('Cache-Control', 'private, no-store');
  const parsed = ZPaymentQuery.safeParse(query);
  if (!parsed.success) return { props: { error: INVALID_REQUEST } };
  const params = parsed.data;
  try {
    const request = sandboxRequest(params);
    const order = { ref: request.ref, amount: request.amount, orderInfo: request.orderInfo, expiresAt: request.expiresAt?.getTime() ?? null };
    return { props: { order, params } };
  } catch (error) {
    if (error instanceof PaymentError) return { props: { error: error.message } };
    throw error;
  }
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-ink-soft dark:text-neutral-400">{label}</dt>
      <dd className="break-all text-right font-medium">{children}</dd>
    </div>
  );
}

function PaymentForm({ order, params }: { order: SandboxOrder; params: Record<string, string> }) {
  const [busy, setBusy] = useState<'paid' | 'cancelled' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function finish(outcome: 'paid' | 'cancelled') {
    setBusy(outcome);
    setError(null);
    try {
      const { returnUrl } = await completeSandboxPayment(params, outcome);
      window.location.assign(returnUrl);
    } catch (failure) {
      const message = (failure as { response?: { data?: { message?: unknown } } }).response?.data?.message;
      setError(typeof message === 'string' ? message : 'Không xử lý được giao dịch, vui lòng thử lại.');
      setBusy(null);
    }
  }

  return (
    <>
      <dl className="mt-4 divide-y divide-ink/10 text-sm dark:divide-night-line sm:text-base">
        <Detail label="Nhà cung cấp">{SITE_NAME}</Detail>
        <Detail label="Mã đơn hàng">{order.ref}</Detail>
        <Detail label="Nội dung">{order.orderInfo}</Detail>
        {order.expiresAt !== null && <Detail label="Hết hạn thanh toán">{formatDateTime(order.expiresAt)}</Detail>}
        <Detail label="Số tiền">
          <span className="text-xl font-bold text-brand dark:text-brand-dark" data-testid="sandbox-amount">
            {formatVnd(order.amount)}
          </span>
        </Detail>
      </dl>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {error}
        </p>
      )}
      <div className="mt-6 grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={() => void finish('cancelled')}
          disabled={busy !== null}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-ink/20 px-4 py-2 font-semibold hover:bg-ink/5 disabled:opacity-60 dark:border-neutral-600 dark:hover:bg-white/5"
        >
          {busy === 'cancelled' && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
          Hủy
        </button>
        <button
          type="button"
          onClick={() => void finish('paid')}
          disabled={busy !== null}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-[#005baa] px-4 py-2 font-semibold text-white hover:bg-[#004a8c] disabled:opacity-60 dark:bg-sky-400 dark:text-night dark:hover:bg-sky-300"
        >
          {busy === 'paid' && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
          Thanh toán
        </button>
      </div>
    </>
  );
}

/** /vip/sandbox-pay: the local stand-in for VNPay's payment page (no real money moves). */
export default function SandboxPayPage(props: SandboxPageProps) {
  return (
    <>
      <Head>
        <title>{`Cổng thanh toán thử nghiệm | ${SITE_NAME}`}</title>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <div className="mx-auto max-w-md">
        <section aria-labelledby="sandbox-title" className="rounded-2xl border border-ink/10 bg-white p-5 shadow-sm sm:p-6 dark:border-night-line dark:bg-night-raised">
          <h1 id="sandbox-title" className="flex items-center gap-2 text-xl font-bold">
            <Landmark aria-hidden className="size-6 text-[#005baa] dark:text-sky-300" />
            Cổng thanh toán thử nghiệm
          </h1>
          <p className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950/50 dark:text-sky-100">
            Trang này mô phỏng cổng VNPay để thử mua VIP. Không có khoản tiền thật nào bị trừ.
          </p>
          {'error' in props ? (
            <div role="alert" className="mt-4">
              <p className="text-red-800 dark:text-red-300">{props.error}</p>
              <Link prefetch={false} href="/vip" className="mt-4 inline-block font-semibold text-brand underline-offset-2 hover:underline dark:text-brand-dark">
                Quay lại trang VIP
              </Link>
            </div>
          ) : (
            <PaymentForm order={props.order} params={props.params} />
          )}
        </section>
      </div>
    </>
  );
}
