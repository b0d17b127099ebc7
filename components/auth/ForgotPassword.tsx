import { useId, useState, type FormEvent } from 'react';
import { sendRecoveryEmail } from '@/lib/auth/identity';
import { AUTH_MESSAGES } from '@/lib/auth/messages';
import { recoveryEmailError } from '@/lib/auth/validation';
import { Field, LINK_BUTTON, MessageBox, PRIMARY_BUTTON } from './fields';

/** Forgot password: the recovery email, with a green box on success and a red one otherwise. */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = recoveryEmailError(email);
    if (problem) {
      setResult({ tone: 'error', text: problem });
      return;
    }
    setBusy(true);
    try {
      await sendRecoveryEmail(email);
      setResult({ tone: 'success', text: AUTH_MESSAGES.recoverySent });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      setResult({ tone: 'error', text: AUTH_MESSAGES.recoveryFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <p className="text-sm text-ink-soft dark:text-neutral-400">Nhập email đã đăng ký, chúng tôi sẽ gửi liên kết đặt lại mật khẩu.</p>
      <Field id={`${id}-email`} label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
      {result && (
        <MessageBox tone={result.tone} testId="forgot-result">
          {result.text}
        </MessageBox>
      )}
      <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
        {busy ? 'Đang gửi…' : 'Gửi email lấy lại mật khẩu'}
      </button>
      <button type="button" onClick={onBack} className={LINK_BUTTON}>
        ← Quay lại đăng nhập
      </button>
    </form>
  );
}
