import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { useFocusTrap } from '@/hooks/useFocusTrap';
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
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const tabIds = useId();
  const close = useCallback(() => closeSignIn(), [closeSignIn]);
  useFocusTrap(panel, close);

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

  return (
    <div className="fixed inset-0 z-[10000] flex items-end justify-center bg-black/60 p-0 sm:items-center sm:p-4" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="max-h-[100dvh] w-full overflow-y-auto rounded-t-2xl bg-paper p-5 text-ink shadow-xl sm:w-11/12 sm:max-w-md sm:rounded-2xl dark:bg-night-raised dark:text-neutral-100"
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-bold">
            {view === 'forgot' ? 'Quên mật khẩu' : type === 'login' ? 'Đăng nhập tài khoản' : 'Tạo tài khoản mới'}
          </h2>
          <button type="button" onClick={close} aria-label="Đóng" className="rounded-full p-1.5 hover:bg-ink/10 dark:hover:bg-white/10">
            <X size={20} aria-hidden />
          </button>
        </div>
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
      </div>
    </div>
  );
}
