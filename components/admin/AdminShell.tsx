import { ArrowLeft, BookOpen, Crown, Flag, Languages, LayoutDashboard, MessageSquare, ScrollText, ShieldCheck, SpellCheck, Users, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useRef, type ReactNode } from 'react';
import { ThemeToggle } from '@/components/layout/ThemeToggle';
import { SITE_NAME } from '@/lib/constants';
import { CONSOLE_URL } from './query';

interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

export const CONSOLE_NAV: NavItem[] = [
  { href: CONSOLE_URL, label: 'Tổng quan', icon: LayoutDashboard },
  { href: `${CONSOLE_URL}/bao-cao`, label: 'Báo cáo', icon: Flag },
  { href: `${CONSOLE_URL}/binh-luan`, label: 'Bình luận & đánh giá', icon: MessageSquare },
  { href: `${CONSOLE_URL}/tai-khoan`, label: 'Tài khoản', icon: Users },
  { href: `${CONSOLE_URL}/truyen`, label: 'Truyện', icon: BookOpen },
  { href: `${CONSOLE_URL}/vip`, label: 'Đơn VIP', icon: Crown },
  { href: `${CONSOLE_URL}/ten-rieng`, label: 'Tên riêng', icon: SpellCheck },
  { href: `${CONSOLE_URL}/tu-dien`, label: 'Từ điển', icon: Languages },
  { href: `${CONSOLE_URL}/nhat-ky`, label: 'Nhật ký', icon: ScrollText },
];

/** The nav item of a route: the longest prefix wins, so /quan-tri/truyen/x marks "Truyện". */
export function activeNavHref(pathname: string): string | undefined {
  return CONSOLE_NAV.map((item) => item.href)
    .filter((href) => pathname === href || pathname.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * The frame of the operator area: its own header (no site menus, ads or welcome), the screens as
 * a sidebar on wide screens and a scrolling tab row on phones, and the screen itself.
 */
export function AdminShell({ email, children, nav = true }: { email?: string; children: ReactNode; nav?: boolean }) {
  const { pathname } = useRouter();
  const active = activeNavHref(pathname);
  const list = useRef<HTMLUListElement>(null);
  // On a phone the screens are a row wider than the screen: the current one is scrolled into view.
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active, nav]);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#admin-main" className="sr-only z-50 rounded bg-brand px-3 py-2 text-white focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Bỏ qua đến nội dung chính
      </a>
      <header className="sticky top-0 z-30 border-b border-ink/10 bg-paper/95 backdrop-blur dark:border-night-line dark:bg-night/95">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4">
          <Link prefetch={false} href={CONSOLE_URL} className="flex min-w-0 items-center gap-2 font-bold">
            <span className="grid h-8 w-8 shrink-0 place-items-center rounded-lg bg-brand text-white dark:bg-brand-dark dark:text-night" aria-hidden>
              <ShieldCheck size={18} strokeWidth={2.5} />
            </span>
            <span className="truncate">
              Quản trị <span className="hidden font-normal text-ink-soft sm:inline dark:text-neutral-400">· {SITE_NAME}</span>
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-1">
            {email && <span className="hidden max-w-60 truncate text-sm text-ink-soft md:inline dark:text-neutral-400">{email}</span>}
            <Link prefetch={false} href="/" className="inline-flex h-10 items-center gap-1 rounded-full px-3 text-sm font-semibold hover:bg-ink/5 dark:hover:bg-white/10">
              <ArrowLeft size={16} aria-hidden /> <span>Trang đọc</span>
            </Link>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row md:gap-6 md:px-4">
        {nav && (
          <nav aria-label="Khu vực quản trị" className="border-b border-ink/10 md:w-52 md:shrink-0 md:border-0 md:py-6 dark:border-night-line">
            <ul ref={list} className="flex gap-1 overflow-x-auto px-4 py-2 md:sticky md:top-20 md:flex-col md:px-0 md:py-0">
              {CONSOLE_NAV.map(({ href, label, icon: Icon }) => (
                <li key={href} className="shrink-0">
                  <Link
                    prefetch={false}
                    href={href}
                    aria-current={href === active ? 'page' : undefined}
                    className={`flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold ${
                      href === active ? 'bg-brand text-white dark:bg-brand-dark dark:text-night' : 'text-ink-soft hover:bg-ink/5 hover:text-ink dark:text-neutral-300 dark:hover:bg-white/10 dark:hover:text-neutral-100'
                    }`}
                  >
                    <Icon size={18} aria-hidden className="shrink-0" /> {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="admin-main" className="min-w-0 flex-1 px-4 pb-20 pt-6 md:px-0">
          {children}
        </main>
      </div>
      <ThemeToggle />
    </div>
  );
}
