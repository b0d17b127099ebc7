import { ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { useId, type ReactNode } from 'react';

/** A titled block of a page, with an optional "see more" link. */
export function Section({ title, moreHref, moreLabel = 'Xem thêm', children, className = '' }: { title: string; moreHref?: string; moreLabel?: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`mb-10 ${className}`}>
      <div className="mb-4 flex items-end justify-between gap-3 border-b border-ink/10 pb-2 dark:border-night-line">
        <h2 id={id} className="text-lg font-bold sm:text-xl">
          {title}
        </h2>
        {moreHref && (
          <Link prefetch={false} href={moreHref} className="inline-flex shrink-0 items-center text-sm font-semibold text-brand hover:underline dark:text-brand-dark">
            {moreLabel}
            <ChevronRight size={16} aria-hidden />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
