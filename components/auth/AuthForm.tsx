import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { isEmulated, passwordPolicyProblems, registerWithEmail, signInWithEmail, signInWithGoogle } from '@/lib/auth/identity';
import { AUTH_MESSAGES, errorCode, identityErrorMessage } from '@/lib/auth/messages';
import { completeSignIn } from '@/lib/auth/session';
import type { AuthDialogType } from '@/lib/auth/types';
import { isValidEmail, validateAuthForm, type AuthForm as AuthFormValues } from '@/lib/auth/validation';
import { Field, LINK_BUTTON, MessageBox, PRIMARY_BUTTON } from './fields';
import { GoogleButton } from './GoogleButton';

const EMPTY: AuthFormValues = { email: '', password: '', retype: '' };
const SESSION_FAILED = 'Không thể kết nối tới máy chủ. Vui lòng thử lại.';
const EMULATOR_GOOGLE_HINT = 'Nhập email ở trên để đăng nhập Google giả lập (chỉ dùng khi phát triển).';

/** The email/password form of the dialog, for signing in or registering. */
export function AuthForm({ type, onForgot }: { type: AuthDialogType; onForgot: () => void }) {
  const { acceptSession, notify } = useAuth();
  const id = useId();
  const [form, setForm] = useState<AuthFormValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof AuthFormValues, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [policy, setPolicy] = useState<string[]>([]);
  const [emulated, setEmulated] = useState(false);

  useEffect(() => {
    isEmulated().then(setEmulated, () => setEmulated(false));
  }, []);

  const errors = validateAuthForm(form, type);
  const shown = {
    // An invalid address is pointed out as it is typed (spec §5); an empty field once left.
    email: form.email || touched.email ? errors.email : undefined,
    password: touched.password ? errors.password : undefined,
    retype: touched.retype || (form.retype.length >= form.password.length && form.retype.length > 0) ? errors.retype : undefined,
  };
  const valid = Object.keys(errors).length === 0;

  const change = (field: keyof AuthFormValues) => (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [field]: event.target.value });
  const touch = (field: keyof AuthFormValues) => () => setTouched((current) => ({ ...current, [field]: true }));

  async function run(signIn: () => Promise<{ token: string; verificationSent?: boolean }>) {
    setBusy(true);
    setError(null);
    setPolicy([]);
    try {
      const { token, verificationSent } = await signIn();
      const session = await completeSignIn(token);
      if (!session) {
        setError(SESSION_FAILED);
        return;
      }
      setForm(EMPTY);
      acceptSession(session);
      if (verificationSent !== undefined) {
        notify(verificationSent ? { text: AUTH_MESSAGES.verificationSent, tone: 'success' } : { text: AUTH_MESSAGES.verificationFailed, tone: 'error' });
      }
    } catch (failure) {
      console.error(failure instanceof Error ? failure.message : failure);
      setError(identityErrorMessage(failure));
      if (errorCode(failure) === 'auth/password-does-not-meet-requirements') setPolicy(await passwordPolicyProblems(form.password));
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true, retype: true });
    if (!valid || busy) return;
    void run(() => (type === 'login' ? signInWithEmail(form.email, form.password).then((token) => ({ token })) : registerWithEmail(form.email, form.password)));
  };

  const google = () => {
    if (emulated && !isValidEmail(form.email)) {
      setTouched((current) => ({ ...current, email: true }));
      setError(EMULATOR_GOOGLE_HINT);
      return;
    }
    void run(() => signInWithGoogle(emulated ? form.email : undefined).then((token) => ({ token })));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-2" aria-busy={busy}>
      <GoogleButton onClick={google} disabled={busy} emulated={emulated} />
      <div className="flex items-center gap-3 text-xs uppercase text-ink-soft dark:text-neutral-400" aria-hidden>
        <span className="h-px flex-1 bg-ink/15 dark:bg-night-line" />
        hoặc
        <span className="h-px flex-1 bg-ink/15 dark:bg-night-line" />
      </div>
      <Field id={`${id}-email`} label="Email" type="email" name="email" autoComplete="email" inputMode="email" required aria-required value={form.email} onChange={change('email')} onBlur={touch('email')} error={shown.email} autoFocus />
      <Field
        id={`${id}-password`}
        label="Mật khẩu"
        type="password"
        name="password"
        autoComplete={type === 'login' ? 'current-password' : 'new-password'}
        required
        aria-required
        value={form.password}
        onChange={change('password')}
        onBlur={touch('password')}
        error={shown.password}
      />
      {type === 'register' && (
        <Field id={`${id}-retype`} label="Nhập lại mật khẩu" type="password" name="retype" autoComplete="new-password" required aria-required value={form.retype} onChange={change('retype')} onBlur={touch('retype')} error={shown.retype} />
      )}
      {error && (
        <MessageBox tone="error" testId="auth-error">
          <p>{error}</p>
          {policy.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {policy.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </MessageBox>
      )}
      {type === 'login' && (
        <div className="text-right">
          <button type="button" onClick={onForgot} className={LINK_BUTTON}>
            Quên mật khẩu?
          </button>
        </div>
      )}
      <button type="submit" disabled={!valid || busy} className={PRIMARY_BUTTON}>
        {busy ? 'Đang xử lý…' : type === 'login' ? 'Đăng nhập' : 'Đăng ký'}
      </button>
    </form>
  );
}
