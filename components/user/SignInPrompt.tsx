import { LogIn } from 'lucide-react';
import { useAuth } from '@/hooks/useAuth';

/** What a signed-out visitor sees on /user: an invitation to sign in or register. */
export function SignInPrompt() {
  const { openSignIn } = useAuth();
  return (
    <div className="rounded-xl border border-ink/10 bg-paper-deep p-6 text-center dark:border-night-line dark:bg-night-raised">
      <LogIn size={40} aria-hidden className="mx-auto mb-3 text-brand dark:text-brand-dark" />
      <p className="mb-4">Vui lòng đăng nhập để xem hồ sơ, tủ truyện và cài đặt của bạn.</p>
      <div className="flex justify-center gap-3">
        <button type="button" onClick={() => openSignIn('login')} className="rounded-full bg-brand px-5 py-2 font-semibold text-white dark:bg-brand-dark dark:text-night">
          Đăng nhập
        </button>
        <button type="button" onClick={() => openSignIn('register')} className="rounded-full border border-brand px-5 py-2 font-semibold text-brand dark:border-brand-dark dark:text-brand-dark">
          Đăng ký
        </button>
      </div>
    </div>
  );
}
