import Link from 'next/link';
import { useAuth } from '@/hooks/useAuth';
import { PROFILE_TABS, profileHref } from '@/components/user/menu';

/**
 * Sign-in and register buttons of the mobile drawer, or the account links when signed in.
 * `onAction` lets the drawer close itself when one is used.
 */
export function DrawerAccount({ onAction }: { onAction?: () => void } = {}) {
  const { status, user, openSignIn, signOut } = useAuth();
  if (user) {
    return (
      <nav aria-label="Tài khoản" className="space-y-1">
        <p className="truncate px-1 text-sm font-semibold">{user.username}</p>
        {PROFILE_TABS.map((tab) => (
          <Link prefetch={false} key={tab.key} href={profileHref(tab.key)} onClick={onAction} className="block rounded px-1 py-1.5 text-sm hover:bg-ink/5 dark:hover:bg-white/5">
            {tab.label}
          </Link>
        ))}
        <button
          type="button"
          onClick={() => {
            onAction?.();
            void signOut();
          }}
          className="block w-full rounded px-1 py-1.5 text-left text-sm hover:bg-ink/5 dark:hover:bg-white/5"
        >
          Đăng xuất
        </button>
      </nav>
    );
  }
  const open = (type: 'login' | 'register') => () => {
    onAction?.();
    openSignIn(type);
  };
  return (
    <div className="flex gap-2" aria-busy={status === 'restoring'}>
      <button type="button" onClick={open('login')} className="flex-1 rounded bg-brand px-3 py-2 text-sm font-semibold text-white dark:bg-brand-dark dark:text-night">
        Đăng nhập
      </button>
      <button type="button" onClick={open('register')} className="flex-1 rounded border border-brand px-3 py-2 text-sm font-semibold text-brand dark:border-brand-dark dark:text-brand-dark">
        Đăng ký
      </button>
    </div>
  );
}
