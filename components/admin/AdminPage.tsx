import { LogIn, RotateCw, ShieldAlert } from 'lucide-react';
import Head from 'next/head';
import { useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { useAuth } from '@/hooks/useAuth';
import type { AdminMe } from '@/lib/api/admin';
import { SITE_NAME } from '@/lib/constants';
import { AdminShell } from './AdminShell';
import { BUTTON } from './ui';

export const NO_ACCESS_MESSAGE = 'Bạn không có quyền truy cập khu vực quản trị.';

type Access = { state: 'checking' } | { state: 'signedOut' } | { state: 'denied' } | { state: 'failed'; message: string } | { state: 'granted'; me: AdminMe };

const loadClient = () => Promise.all([import('@/lib/api/admin'), import('@/lib/api/policy')]).then(([admin, policy]) => ({ ...admin, describe: policy.describe }));

/** Who may see the console: the session first, then the server's answer to GET /api/admin/me. */
function useAdminAccess(): [Access, () => void] {
  const { status, user } = useAuth();
  const [answer, setAnswer] = useState<{ userId: string; access: Access } | null>(null);
  const [round, setRound] = useState(0);
  const userId = status === 'signedIn' ? (user?._id ?? '') : null;

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    // The API client (axios) loads after the page, with the check itself.
    void loadClient().then(({ getAdminMe, errorStatus, describe }) =>
      getAdminMe().then(
        (me) => current && setAnswer({ userId, access: { state: 'granted', me } }),
        (error: unknown) => {
          if (!current) return;
          const code = errorStatus(error);
          const access: Access = code === 403 ? { state: 'denied' } : code === 401 ? { state: 'signedOut' } : { state: 'failed', message: describe(error) };
          setAnswer({ userId, access });
        },
      ),
    );
    return () => {
      current = false;
    };
  }, [userId, round]);

  const retry = () => {
    setAnswer(null);
    setRound((value) => value + 1);
  };
  if (status === 'signedOut') return [{ state: 'signedOut' }, retry];
  if (userId === null || answer?.userId !== userId) return [{ state: 'checking' }, retry];
  return [answer.access, retry];
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto mt-10 max-w-md rounded-xl border border-ink/10 bg-paper-deep p-6 text-center dark:border-night-line dark:bg-night-raised">
      {icon}
      <h1 className="text-lg font-bold">{title}</h1>
      {children}
    </div>
  );
}

function Gate({ access, retry }: { access: Access; retry: () => void }) {
  const { openSignIn } = useAuth();
  if (access.state === 'checking')
    return (
      <div className="mt-16 text-center">
        <Spinner label="Đang kiểm tra quyền truy cập…" size={28} />
      </div>
    );
  if (access.state === 'signedOut')
    return (
      <Notice icon={<LogIn size={40} aria-hidden className="mx-auto mb-3 text-brand dark:text-brand-dark" />} title="Khu vực quản trị">
        <p className="mb-4 mt-2">Vui lòng đăng nhập bằng tài khoản quản trị viên để tiếp tục.</p>
        <button type="button" onClick={() => openSignIn('login')} className={BUTTON.primary}>
          Đăng nhập
        </button>
      </Notice>
    );
  if (access.state === 'denied')
    return (
      <Notice icon={<ShieldAlert size={40} aria-hidden className="mx-auto mb-3 text-red-700 dark:text-red-400" />} title={NO_ACCESS_MESSAGE}>
        <p className="mt-2 text-sm text-ink-soft dark:text-neutral-300">Nếu bạn là người vận hành trang, hãy nhờ một quản trị viên cấp quyền cho tài khoản này.</p>
      </Notice>
    );
  if (access.state === 'failed')
    return (
      <Notice icon={<ShieldAlert size={40} aria-hidden className="mx-auto mb-3 text-amber-700 dark:text-amber-400" />} title="Không kiểm tra được quyền truy cập">
        <p role="alert" className="mb-4 mt-2 text-sm">
          {access.message}
        </p>
        <button type="button" onClick={retry} className={BUTTON.secondary}>
          <RotateCw size={16} aria-hidden /> Thử lại
        </button>
      </Notice>
    );
  return null;
}

/**
 * A screen of the operator console (client-rendered, `noindex`): the console's frame, and the
 * screen itself only once the server said the account is an operator, so no operator call is
 * made for anyone else.
 */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  const [access, retry] = useAdminAccess();
  const granted = access.state === 'granted';
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{`${title} - Quản trị ${SITE_NAME}`}</title>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <AdminShell email={granted ? access.me.email : undefined} nav={granted}>
        {granted ? children : <Gate access={access} retry={retry} />}
      </AdminShell>
    </>
  );
}
