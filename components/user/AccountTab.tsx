import { BadgeCheck, Crown, LogOut, MailWarning } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { Field, MessageBox } from '@/components/auth/fields';
import { useAuth } from '@/hooks/useAuth';
import { AUTH_MESSAGES } from '@/lib/auth/messages';
import type { AccountProfile } from '@/lib/auth/types';
import { formatExpiry, vipActive } from '@/lib/auth/vip';
import { DeleteAccount } from './DeleteAccount';
import { PurchaseHistory } from '@/components/vip/PurchaseHistory';

const ListeningStats = dynamic(() => import('./ListeningStats').then((module) => module.ListeningStats), { ssr: false });

type Result = { tone: 'success' | 'error'; text: string } | null;

const SECTION = 'rounded-xl border border-ink/10 bg-white/60 p-4 dark:border-night-line dark:bg-night-raised';
const BUTTON = 'rounded-lg border border-ink/20 px-4 py-2 text-sm font-semibold hover:bg-ink/5 disabled:opacity-50 dark:border-night-line dark:hover:bg-white/5';

/** Sends one identity email and reports the spec's success or failure message. */
function useEmailAction(send: () => Promise<void>, success: string, failure: string) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const run = async () => {
    setBusy(true);
    try {
      await send();
      setResult({ tone: 'success', text: success });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      setResult({ tone: 'error', text: failure });
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, run };
}

function VipStatus({ expireTime }: { expireTime: number }) {
  if (vipActive(expireTime)) {
    return (
      <p className="flex items-center gap-2">
        <Crown size={18} aria-hidden className="text-amber-600" />
        VIP còn hạn đến <strong>{formatExpiry(expireTime)}</strong>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p>{expireTime > 0 ? `VIP đã hết hạn lúc ${formatExpiry(expireTime)}.` : 'Bạn chưa đăng ký VIP.'}</p>
      <Link prefetch={false} href="/vip" className="rounded-full bg-amber-500 px-4 py-1.5 text-sm font-semibold text-black hover:bg-amber-400">
        {expireTime > 0 ? 'Gia hạn VIP' : 'Đăng ký VIP'}
      </Link>
    </div>
  );
}

function UsernameForm({ user }: { user: AccountProfile }) {
  const { setProfile } = useAuth();
  const [username, setUsername] = useState(user.username);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const trimmed = username.trim();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const { updateUsername } = await import('@/lib/api/user');
    const answer = await updateUsername(trimmed);
    setBusy(false);
    if (answer.ok) setProfile(answer.profile);
    setResult(answer.ok ? { tone: 'success', text: 'Đã cập nhật tên hiển thị.' } : { tone: 'error', text: answer.message ?? 'Cập nhật tên hiển thị không thành công.' });
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <div className="flex items-end gap-2">
        <Field id="profile-username" label="Tên hiển thị" className="flex-1" value={username} maxLength={40} onChange={(e) => setUsername(e.target.value)} error={trimmed.length < 2 ? 'Tên hiển thị cần ít nhất 2 ký tự.' : null} />
        <button type="submit" className={`${BUTTON} mb-[2px] py-2.5`} disabled={busy || trimmed.length < 2 || trimmed === user.username}>
          Lưu
        </button>
      </div>
      {result && <MessageBox tone={result.tone}>{result.text}</MessageBox>}
    </form>
  );
}

function SignOutSection() {
  const { signOut } = useAuth();
  return (
    <section className={SECTION} aria-label="Đăng xuất">
      <button type="button" className={`${BUTTON} inline-flex items-center gap-2`} onClick={() => void signOut()}>
        <LogOut size={16} aria-hidden /> Đăng xuất
      </button>
    </section>
  );
}

/** /user?tab=account: email, display name, VIP, password change, email check, deletion. */
export function AccountTab({ user }: { user: AccountProfile }) {
  const verify = useEmailAction(
    async () => (await import('@/lib/auth/identity')).sendVerificationEmail(),
    AUTH_MESSAGES.verificationSent,
    AUTH_MESSAGES.verificationFailed,
  );
  const password = useEmailAction(
    async () => (await import('@/lib/auth/identity')).sendPasswordChangeEmail(),
    AUTH_MESSAGES.passwordChangeSent,
    AUTH_MESSAGES.passwordChangeFailed,
  );
  return (
    <div className="space-y-4">
      <section className={SECTION} aria-labelledby="account-email">
        <h2 id="account-email" className="mb-2 font-semibold">
          Email
        </h2>
        <p className="break-all">{user.email}</p>
        {user.emailVerified ? (
          <p className="mt-2 flex items-center gap-1.5 text-sm text-green-700 dark:text-green-400">
            <BadgeCheck size={16} aria-hidden /> Đã xác minh
          </p>
        ) : (
          <div className="mt-2 space-y-2">
            <p className="flex items-center gap-1.5 text-sm text-amber-700 dark:text-amber-400">
              <MailWarning size={16} aria-hidden /> Email chưa được xác minh
            </p>
            <button type="button" className={BUTTON} onClick={verify.run} disabled={verify.busy}>
              Gửi email xác minh
            </button>
            {verify.result && <MessageBox tone={verify.result.tone}>{verify.result.text}</MessageBox>}
          </div>
        )}
      </section>
      <section className={SECTION} aria-label="Tên hiển thị">
        <UsernameForm key={user.username} user={user} />
      </section>
      <section className={SECTION} aria-labelledby="account-vip">
        <h2 id="account-vip" className="mb-2 font-semibold">
          Gói VIP
        </h2>
        <VipStatus expireTime={user.expireTime} />
      </section>
      <ListeningStats />
      <PurchaseHistory />
      <section className={SECTION} aria-labelledby="account-password">
        <h2 id="account-password" className="mb-2 font-semibold">
          Mật khẩu
        </h2>
        <p className="mb-2 text-sm text-ink-soft dark:text-neutral-400">Chúng tôi sẽ gửi tới email của bạn một liên kết để đặt mật khẩu mới.</p>
        <button type="button" className={BUTTON} onClick={password.run} disabled={password.busy}>
          Đổi mật khẩu
        </button>
        {password.result && (
          <div className="mt-2">
            <MessageBox tone={password.result.tone}>{password.result.text}</MessageBox>
          </div>
        )}
      </section>
      <SignOutSection />
      <DeleteAccount />
    </div>
  );
}
