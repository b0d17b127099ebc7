import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';

interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  /** The URL of a 1-based page. */
  href: (page: number) => string;
  label?: string;
}

/** Pages around the current one, with the first and last, gaps as null. */
export function pageWindow(page: number, pageCount: number, radius = 1): (number | null)[] {
  const pages = new Set([1, pageCount]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1] > 1 ? [null, p] : [p]));
}

const ITEM = 'inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-semibold';
const IDLE = `${ITEM} border border-ink/15 hover:border-brand hover:text-brand dark:border-night-line dark:hover:border-brand-dark dark:hover:text-brand-dark`;

/** Page links (server-rendered, crawlable); nothing when there is one page. */
export function Pagination({ page, pageCount, href, label = 'Phân trang' }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <Link prefetch={false} href={href(page - 1)} rel="prev" className={IDLE} aria-label="Trang trước">
          <ChevronLeft size={18} aria-hidden />
        </Link>
      )}
      {pageWindow(page, pageCount).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-ink-soft dark:text-neutral-400" aria-hidden>
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className={`${ITEM} bg-brand text-white dark:bg-brand-dark dark:text-night`}>
            {p}
          </span>
        ) : (
          <Link prefetch={false} key={p} href={href(p)} className={IDLE} aria-label={`Trang ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < pageCount && (
        <Link prefetch={false} href={href(page + 1)} rel="next" className={IDLE} aria-label="Trang sau">
          <ChevronRight size={18} aria-hidden />
        </Link>
      )}
    </nav>
  );
}
