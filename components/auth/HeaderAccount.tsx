import { Bell, BookMarked, ChevronDown, Download, LogOut, Settings, UserRound } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { PROFILE_TABS, profileHref } from '@/components/user/menu';

const ICONS = { account: UserRound, favorites: BookMarked, notifications: Bell, settings: Settings, downloads: Download } as const;

/** The header's account area: the sign-in button, or the profile menu when signed in. */
export function HeaderAccount() {
  const { status, user, openSignIn, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => root.current?.contains(event.target as Node) || setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (status === 'unknown' || status === 'restoring') {
    return <span className="inline-block h-8 w-24 animate-pulse rounded-full bg-ink/10 dark:bg-white/10" aria-hidden />;
  }
  if (!user) {
    return (
      <button
        type="button"
        onClick={() => openSignIn('login')}
        className="whitespace-nowrap rounded-full bg-brand px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand/90 dark:bg-brand-dark dark:text-night"
      >
        Đăng nhập
      </button>
    );
  }
  return (
    <div ref={root} className="relative" onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Tài khoản ${user.username}`}
        onClick={() => setOpen((value) => !value)}
        className="flex max-w-[9rem] items-center gap-1.5 rounded-full border border-ink/15 px-2.5 py-1 text-sm font-semibold hover:bg-ink/5 dark:border-night-line dark:hover:bg-white/5"
      >
        <UserRound size={18} aria-hidden className="shrink-0" />
        <span className="truncate">{user.username}</span>
        <ChevronDown size={16} aria-hidden className="shrink-0" />
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Tài khoản" className="absolute right-0 z-50 pt-2">
          <div className="w-48 overflow-hidden rounded-lg border border-ink/10 bg-paper py-1 shadow-lg dark:border-night-line dark:bg-night-raised">
            {PROFILE_TABS.map((tab) => {
              const Icon = ICONS[tab.key];
              return (
                <Link prefetch={false} key={tab.key} role="menuitem" href={profileHref(tab.key)} onClick={() => setOpen(false)} className="flex items-center gap-2 px-4 py-2 text-sm hover:bg-ink/5 dark:hover:bg-white/5">
                  <Icon size={16} aria-hidden />
                  {tab.label}
                </Link>
              );
            })}
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                void signOut();
              }}
              className="flex w-full items-center gap-2 border-t border-ink/10 px-4 py-2 text-left text-sm hover:bg-ink/5 dark:border-night-line dark:hover:bg-white/5"
            >
              <LogOut size={16} aria-hidden />
              Đăng xuất
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
