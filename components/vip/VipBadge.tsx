import { Crown } from 'lucide-react';

/** A small "VIP" mark for members (account menu, status card). */
export function VipBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900 ring-1 ring-amber-300 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-500/40 ${className}`}
    >
      <Crown aria-hidden className="size-3.5" />
      VIP
    </span>
  );
}
