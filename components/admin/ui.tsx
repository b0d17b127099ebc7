import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';

/** Small building blocks shared by the console's screens. */

const BUTTON_BASE =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 dark:focus-visible:outline-brand-dark';

export const BUTTON = {
  primary: `${BUTTON_BASE} bg-brand text-white hover:bg-brand/90 dark:bg-brand-dark dark:text-night dark:hover:bg-brand-dark/90`,
  secondary: `${BUTTON_BASE} border border-ink/20 bg-white/60 text-ink hover:border-brand hover:text-brand dark:border-night-line dark:bg-night dark:text-neutral-100 dark:hover:border-brand-dark dark:hover:text-brand-dark`,
  danger: `${BUTTON_BASE} bg-red-700 text-white hover:bg-red-800 dark:bg-red-500 dark:text-night dark:hover:bg-red-400`,
} as const;

export const INPUT =
  'w-full rounded-lg border border-ink/20 bg-white px-3 py-2 text-sm text-ink placeholder:text-ink-soft/70 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 dark:border-night-line dark:bg-night dark:text-neutral-100 dark:placeholder:text-neutral-500 dark:focus:border-brand-dark';

export const LABEL = 'mb-1 block text-sm font-semibold';

export const CARD = 'rounded-xl border border-ink/10 bg-white/70 p-4 dark:border-night-line dark:bg-night-raised';

const TONES = {
  neutral: 'bg-ink/10 text-ink dark:bg-white/10 dark:text-neutral-200',
  info: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  warn: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  bad: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
} as const;

export type Tone = keyof typeof TONES;

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}

/** The title row of a screen. */
export function ScreenTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/**
 * What a list shows around its items: a spinner on the first load, an error with a retry, an
 * empty message, else the items (kept, dimmed, while the next page loads).
 */
export function LoadState(props: {
  state: 'loading' | 'ready' | 'error';
  error: string | null;
  hasData: boolean;
  empty: boolean;
  emptyTitle: string;
  emptyHint?: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { state, error, hasData, empty, emptyTitle, emptyHint, onRetry, children } = props;
  if (state === 'error')
    return (
      <EmptyState title="Không tải được dữ liệu" tone="error">
        <p>{error}</p>
        <button type="button" onClick={onRetry} className={`${BUTTON.secondary} mt-3`}>
          <RotateCw size={16} aria-hidden /> Thử lại
        </button>
      </EmptyState>
    );
  if (!hasData)
    return (
      <div className="py-10 text-center">
        <Spinner label="Đang tải dữ liệu…" size={28} />
      </div>
    );
  if (empty) return <EmptyState title={emptyTitle}>{emptyHint}</EmptyState>;
  return (
    <div aria-busy={state === 'loading'} className={state === 'loading' ? 'opacity-60 transition-opacity' : undefined}>
      {children}
    </div>
  );
}

/** What a screen shows while its code loads. */
export function ScreenLoading() {
  return (
    <div className="py-10 text-center">
      <Spinner label="Đang tải…" size={28} />
    </div>
  );
}

/** A row of label and value in a definition list. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2 text-sm">
      <dt className="text-ink-soft dark:text-neutral-400">{label}:</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}

/** An error said near a form (role=alert). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      {message}
    </p>
  );
}
