import Link from 'next/link';
import type { ReactNode } from 'react';
import { SITE_NAME } from '@/lib/constants';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-ink/10 bg-paper-deep dark:border-night-line dark:bg-night-raised">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
          <Link href="/" className="text-xl font-bold text-brand dark:text-brand-dark">
            {SITE_NAME}
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {children}
      </main>
      <footer className="border-t border-ink/10 py-6 text-center text-sm text-ink-soft dark:border-night-line dark:text-neutral-400">
        © {SITE_NAME}
      </footer>
    </div>
  );
}
