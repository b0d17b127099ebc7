import { Headphones } from 'lucide-react';
import Link from 'next/link';
import { SITE_NAME } from '@/lib/constants';

/** The site's mark and name, linking home. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link prefetch={false} href="/" className={`flex shrink-0 items-center gap-2 text-lg font-bold text-brand dark:text-brand-dark ${className}`} aria-label={`${SITE_NAME} - Trang chủ`}>
      <span className="grid h-8 w-8 place-items-center rounded-lg bg-brand text-white dark:bg-brand-dark dark:text-night" aria-hidden>
        <Headphones size={18} strokeWidth={2.5} />
      </span>
      <span className="whitespace-nowrap">{SITE_NAME}</span>
    </Link>
  );
}
