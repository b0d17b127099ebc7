import { useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { useAuth } from '@/hooks/useAuth';
import { firebaseClient } from '@/lib/firebase';
import type { AuthDialogType } from '@/lib/auth/types';
import { AuthForm } from './AuthForm';
import { ForgotPassword } from './ForgotPassword';

const TABS: { type: AuthDialogType; label: string }[] = [
  { type: 'login', label: 'Đăng nhập' },
  { type: 'register', label: 'Đăng ký' },
];

/** The sign-in dialog of spec §2: tabs Đăng nhập / Đăng ký, Google, forgot password. */
export function SignInDialog({ type: initialType }: { type: AuthDialogType }) {
  const { closeSignIn } = useAuth();
  const [type, setType] = useState<AuthDialogType>(initialType);
  const [view, setView] = useState<'form' | 'forgot'>('form');
  const tabIds = useId();

  useEffect(() => {
    // Warm the identity SDK up while the visitor types.
    firebaseClient().catch((error: unknown) => console.error('firebaseClient:', error));
  }, []);

  const onTabKey = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = type === 'login' ? 'register' : 'login';
    setType(next);
    document.getElementById(`${tabIds}-${next}`)?.focus();
  };

  const title = view === 'forgot' ? 'Quên mật khẩu' : type === 'login' ? 'Đăng nhập tài khoản' : 'Tạo tài khoản mới';
  return (
    <Dialog open onClose={closeSignIn} title={title} placement="sheet">
      {view === 'forgot' ? (
        <ForgotPassword onBack={() => setView('form')} />
      ) : (
        <>
          <div role="tablist" aria-label="Đăng nhập hoặc đăng ký" className="mb-4 grid grid-cols-2 rounded-lg bg-paper-deep p-1 dark:bg-night">
            {TABS.map((tab) => (
              <button
                key={tab.type}
                id={`${tabIds}-${tab.type}`}
                type="button"
                role="tab"
                aria-selected={type === tab.type}
                aria-controls={`${tabIds}-panel`}
                tabIndex={type === tab.type ? 0 : -1}
                onClick={() => setType(tab.type)}
                onKeyDown={onTabKey}
                className={`rounded-md py-2 text-sm font-semibold transition ${
                  type === tab.type ? 'bg-white text-brand shadow-sm dark:bg-night-raised dark:text-brand-dark' : 'text-ink-soft dark:text-neutral-400'
                }`}
              >
                {tab.label}
              </button>
            ))}
          </div>
          <div id={`${tabIds}-panel`} role="tabpanel" aria-labelledby={`${tabIds}-${type}`}>
            <AuthForm key={type} type={type} onForgot={() => setView('forgot')} />
          </div>
        </>
      )}
    </Dialog>
  );
}
