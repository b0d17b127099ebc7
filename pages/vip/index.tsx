import { Crown, ShieldCheck } from 'lucide-react';
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { PlanCard } from '@/components/vip/PlanCard';
import { VipBenefits } from '@/components/vip/VipBenefits';
import { VipStatus } from '@/components/vip/VipStatus';
import { VipStories } from '@/components/vip/VipStories';
import { usePlanPurchase } from '@/components/vip/usePlanPurchase';
import type { VipPlanInfo } from '@/lib/api/vip';
import { SITE_NAME } from '@/lib/constants';
import { publicEnv } from '@/lib/publicEnv';
import { db } from '@/server/db/client';
import type { SiteSettings } from '@/lib/types';
import { pageSettings } from '@/server/services/pageSettings';
import { listPlans } from '@/server/services/vip';
import { listVipStories, type VipStoryItem } from '@/server/services/vipChapters';
import { paymentsAvailable, sandboxEnabled } from '@/server/services/vipSandbox';

interface VipPageProps {
  settings: SiteSettings;
  plans: VipPlanInfo[];
  stories: VipStoryItem[];
  /** Purchases go through the local sandbox gateway, which charges nothing. */
  sandbox: boolean;
  canPay: boolean;
}

/** Rendered per request (payment availability is configuration of the running server), cached briefly. */
export const getServerSideProps: GetServerSideProps<VipPageProps> = async ({ res }) => {
  const [plans, stories, settings] = await Promise.all([listPlans(db()), listVipStories(db()), pageSettings()]);
  res.setHeader('Cache-Control', 'public, s-maxage=60, stale-while-revalidate=600');
  return { props: { settings, plans, stories, sandbox: sandboxEnabled(), canPay: paymentsAvailable() } };
};

function Plans({ plans, canPay }: { plans: VipPlanInfo[]; canPay: boolean }) {
  const { buy, busyPlan, error, ready } = usePlanPurchase();
  const baseDailyPrice = Math.max(0, ...plans.map((plan) => plan.price / plan.days));
  return (
    <>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {error}
        </p>
      )}
      {plans.length === 0 ? (
        <p className="mt-4 text-ink-soft dark:text-neutral-400">Hiện chưa có gói VIP nào được mở bán.</p>
      ) : (
        <div className="mt-6 grid gap-6 sm:grid-cols-3">
          {plans.map((plan, index) => (
            <PlanCard
              key={plan.code}
              plan={plan}
              baseDailyPrice={baseDailyPrice}
              featured={plans.length >= 3 && index === 1}
              busy={busyPlan === plan.code}
              disabled={!canPay || !ready || (busyPlan !== null && busyPlan !== plan.code)}
              onBuy={buy}
            />
          ))}
        </div>
      )}
    </>
  );
}

export default function VipPage({ plans, stories, sandbox, canPay }: VipPageProps) {
  const title = `Gói VIP - Đọc và nghe truyện không quảng cáo | ${SITE_NAME}`;
  const description = `Trở thành thành viên VIP của ${SITE_NAME}: không quảng cáo, đọc và nghe trước các chương VIP mới nhất. Thanh toán qua VNPay.`;
  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="description" content={description} />
        <link rel="canonical" href={`${publicEnv.siteUrl}/vip`} />
      </Head>
      <div className="mx-auto max-w-4xl">
        <section aria-labelledby="vip-title" className="rounded-3xl bg-gradient-to-br from-amber-100 via-paper-deep to-paper px-5 py-8 sm:px-8 dark:from-amber-500/15 dark:via-night-raised dark:to-night">
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-amber-800 dark:text-amber-300">
            <Crown aria-hidden className="size-4" /> Thành viên VIP
          </p>
          <h1 id="vip-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            {SITE_NAME} VIP
          </h1>
          <p className="mt-3 max-w-2xl text-ink-soft dark:text-neutral-300">
            Nghe và đọc truyện trọn vẹn hơn: không quảng cáo, chương VIP mới nhất đến tay bạn trước tiên.
          </p>
          <VipStatus />
        </section>

        <VipBenefits />

        <section aria-labelledby="vip-plans-title" className="mt-12">
          <h2 id="vip-plans-title" className="text-xl font-semibold">
            Chọn gói VIP
          </h2>
          <p className="mt-1 text-sm text-ink-soft dark:text-neutral-400">Thanh toán một lần, không tự động gia hạn.</p>
          <Plans plans={plans} canPay={canPay} />
          <p className="mt-6 flex items-start gap-2 text-sm text-ink-soft dark:text-neutral-400">
            <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              Thanh toán an toàn qua VNPay (thẻ ATM nội địa, VNPAY-QR, thẻ quốc tế). VIP được kích hoạt ngay khi cổng thanh toán xác nhận giao dịch.
            </span>
          </p>
          {sandbox && (
            <p className="mt-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950/50 dark:text-sky-100">
              Đang dùng cổng thanh toán thử nghiệm: không có khoản tiền thật nào bị trừ.
            </p>
          )}
          {!canPay && (
            <p role="status" className="mt-3 text-sm text-red-800 dark:text-red-300">
              Thanh toán trực tuyến đang tạm ngưng. Vui lòng quay lại sau.
            </p>
          )}
        </section>

        <VipStories stories={stories} />
      </div>
    </>
  );
}
