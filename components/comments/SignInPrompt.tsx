import { LogIn } from 'lucide-react';
import { useAuth } from '@/hooks/useAuth';

/** Tells a signed-out reader to sign in, with a button that opens the sign-in dialog. */
export function SignInPrompt({ text }: { text: string }) {
  const { openSignIn, status } = useAuth();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-ink/20 px-4 py-3 text-sm dark:border-night-line">
      <p>{text}</p>
      <button
        type="button"
        onClick={() => openSignIn('login')}
        disabled={status === 'restoring'}
        className="inline-flex items-center gap-1.5 rounded-full bg-brand px-4 py-1.5 font-semibold text-white disabled:opacity-60 dark:bg-brand-dark dark:text-night"
      >
        <LogIn size={15} aria-hidden />
        Đăng nhập
      </button>
    </div>
  );
}
