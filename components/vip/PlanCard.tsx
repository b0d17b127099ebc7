import { LoaderCircle } from 'lucide-react';
import type { VipPlanInfo } from '@/lib/api/vip';
import { formatDays, formatVnd } from './format';

interface PlanCardProps {
  plan: VipPlanInfo;
  /** The cheapest price per day among the plans' shortest one, to show the saving. */
  baseDailyPrice: number;
  featured?: boolean;
  busy?: boolean;
  disabled?: boolean;
  onBuy: (plan: VipPlanInfo) => void;
}

/** One plan: length, price in VND, price per month and saving, and its "Mua" button. */
export function PlanCard({ plan, baseDailyPrice, featured = false, busy = false, disabled = false, onBuy }: PlanCardProps) {
  const months = plan.days / 30;
  const perMonth = Math.round(plan.price / months / 1000) * 1000;
  const saving = baseDailyPrice > 0 ? Math.round((1 - plan.price / plan.days / baseDailyPrice) * 100) : 0;
  const headingId = `plan-${plan.code}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="vip-plan"
      className={`relative flex flex-col rounded-2xl border p-5 shadow-sm ${
        featured
          ? 'border-brand bg-white ring-2 ring-brand/30 dark:border-brand-dark dark:bg-night-raised dark:ring-brand-dark/30'
          : 'border-ink/10 bg-white/70 dark:border-night-line dark:bg-night-raised'
      }`}
    >
      {featured && (
        <p className="absolute -top-3 left-5 rounded-full bg-brand px-3 py-0.5 text-xs font-semibold text-white dark:bg-brand-dark dark:text-night">
          Phổ biến nhất
        </p>
      )}
      <h3 id={headingId} className="text-lg font-semibold">
        Gói {plan.name}
      </h3>
      <p className="mt-1 text-sm text-ink-soft dark:text-neutral-400">{plan.days} ngày sử dụng</p>
      <p className="mt-4 text-3xl font-bold tracking-tight text-ink dark:text-neutral-50">{formatVnd(plan.price)}</p>
      <p className="mt-1 min-h-5 text-sm text-ink-soft dark:text-neutral-400">
        {months > 1 ? `≈ ${formatVnd(perMonth)} / tháng` : `Thanh toán một lần cho ${formatDays(plan.days)}`}
      </p>
      {saving >= 5 && (
        <p className="mt-2 w-fit rounded-md bg-emerald-100 px-2 py-0.5 text-sm font-semibold text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200">
          Tiết kiệm {saving}%
        </p>
      )}
      <div className="mt-auto pt-5">
        <button
          type="button"
          onClick={() => onBuy(plan)}
          disabled={disabled || busy}
          aria-label={`Mua gói ${plan.name}`}
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand px-4 py-2 font-semibold text-white transition hover:bg-brand/90 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-brand-dark dark:text-night dark:hover:bg-brand-dark/90"
        >
          {busy && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
          Mua
        </button>
      </div>
    </article>
  );
}
