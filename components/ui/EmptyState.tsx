import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';

/** A friendly block for an empty list or a problem, with optional actions. */
export function EmptyState({ title, children, tone = 'neutral' }: { title: string; children?: ReactNode; tone?: 'neutral' | 'error' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={`rounded-xl border px-6 py-10 text-center ${
        tone === 'error' ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200' : 'border-ink/10 bg-paper-deep/60 dark:border-night-line dark:bg-night-raised'
      }`}
    >
      <SearchX size={36} className="mx-auto mb-3 opacity-60" aria-hidden />
      <p className="text-lg font-semibold">{title}</p>
      {children && <div className="mt-2 text-sm text-ink-soft dark:text-neutral-300">{children}</div>}
    </div>
  );
}
