import { useRouter } from 'next/router';
import { useCallback, useState } from 'react';
import { MessageBox } from '@/components/auth/fields';
import { Dialog } from '@/components/ui/Dialog';
import { useAuth } from '@/hooks/useAuth';
import { AUTH_MESSAGES } from '@/lib/auth/messages';
import { readToken } from '@/lib/storage';

function ConfirmDelete({ onCancel, onConfirm, busy }: { onCancel: () => void; onConfirm: () => void; busy: boolean }) {
  return (
    <Dialog open onClose={onCancel} title="Xóa tài khoản?" role="alertdialog" describedBy="delete-text">
      <p id="delete-text" className="mb-4 text-sm">
        Tủ truyện, lịch sử đọc, lượt thích và hồ sơ của bạn sẽ bị xóa vĩnh viễn. Đánh giá và bình luận bạn đã viết được giữ lại nhưng không còn gắn với tên bạn. Không thể hoàn tác.
      </p>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} data-autofocus className="rounded-lg border border-ink/20 px-4 py-2 text-sm font-semibold dark:border-night-line">
          Hủy
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50">
          {busy ? 'Đang xóa…' : 'Xóa vĩnh viễn'}
        </button>
      </div>
    </Dialog>
  );
}

/** Account deletion with confirmation; the spec's messages for the outcome. */
export function DeleteAccount() {
  const { signOut, notify } = useAuth();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const cancel = useCallback(() => setConfirming(false), []);

  const confirm = async () => {
    setBusy(true);
    const { deleteUser } = await import('@/lib/api/user');
    const deleted = await deleteUser(readToken());
    setBusy(false);
    setConfirming(false);
    if (!deleted) {
      setFailed(true);
      return;
    }
    await signOut();
    notify({ text: AUTH_MESSAGES.accountDeleted, tone: 'success' });
    void router.push('/');
  };

  return (
    <section className="rounded-xl border border-red-300 p-4 dark:border-red-900" aria-labelledby="account-delete">
      <h2 id="account-delete" className="mb-2 font-semibold text-red-700 dark:text-red-400">
        Xóa tài khoản
      </h2>
      <p className="mb-2 text-sm text-ink-soft dark:text-neutral-400">Xóa vĩnh viễn tài khoản và dữ liệu đọc của bạn.</p>
      <button type="button" onClick={() => setConfirming(true)} className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
        Xóa tài khoản
      </button>
      {failed && (
        <div className="mt-2">
          <MessageBox tone="error">{AUTH_MESSAGES.accountDeleteFailed}</MessageBox>
        </div>
      )}
      {confirming && <ConfirmDelete onCancel={cancel} onConfirm={confirm} busy={busy} />}
    </section>
  );
}
