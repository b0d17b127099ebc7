import { LoaderCircle } from 'lucide-react';

/** A small busy indicator with a spoken label. */
export function Spinner({ label = 'Đang tải…', size = 20 }: { label?: string; size?: number }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-ink-soft dark:text-neutral-400">
      <LoaderCircle size={size} className="animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
