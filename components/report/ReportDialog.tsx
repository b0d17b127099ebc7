import { CircleCheck, LogIn } from 'lucide-react';
import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { useAuth } from '@/hooks/useAuth';
import { serverMessage } from '@/lib/api/policy';
import { sendReport } from '@/lib/api/reports';
import { MAX_REPORT_DETAIL, REPORT_REASONS, type ReportReason, type ReportTarget } from '@/lib/reports';

export interface ReportSubject {
  type: ReportTarget;
  id: string;
  /** What is reported, for the title and the screen reader: "bình luận của Lan", "truyện Kiếm Lai". */
  label: string;
}

interface Props {
  subject: ReportSubject;
  open: boolean;
  onClose: () => void;
}

export const REPORT_THANKS = 'Cảm ơn bạn, chúng tôi sẽ xem xét báo cáo.';
const TITLES: Record<ReportTarget, string> = { comment: 'Báo cáo bình luận', review: 'Báo cáo đánh giá', story: 'Báo cáo truyện' };

/**
 * Reporting a comment, review or story: a reason from the list and what the reader wants to add.
 * Signed out, it asks the reader to sign in. The API's refusals (already reported: 409, too fast:
 * 429) are shown as they come. Loaded when a "Báo cáo" button is first pressed (ReportButton).
 */
export function ReportDialog({ subject, open, onClose }: Props) {
  const { user, status, openSignIn } = useAuth();
  const descriptionId = useId();
  return (
    <Dialog open={open} onClose={onClose} title={TITLES[subject.type]} placement="sheet" describedBy={descriptionId}>
      <p id={descriptionId} className="mb-3 text-sm text-ink-soft dark:text-neutral-400">
        Bạn đang báo cáo {subject.label}.
      </p>
      {user ? (
        <ReportForm subject={subject} onClose={onClose} />
      ) : status === 'restoring' ? (
        <p role="status" className="animate-pulse text-sm text-ink-soft dark:text-neutral-400">
          Đang kiểm tra đăng nhập…
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <p>Vui lòng đăng nhập để gửi báo cáo.</p>
          <button
            type="button"
            data-autofocus
            onClick={() => {
              onClose();
              openSignIn('login');
            }}
            className="inline-flex items-center gap-1.5 self-start rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 dark:bg-brand-dark dark:text-night"
          >
            <LogIn size={16} aria-hidden />
            Đăng nhập
          </button>
        </div>
      )}
    </Dialog>
  );
}

function ReportForm({ subject, onClose }: { subject: ReportSubject; onClose: () => void }) {
  const detailId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const trimmed = detail.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!reason) return setProblem('Vui lòng chọn lý do báo cáo.');
    if (reason === 'other' && !trimmed) return setProblem('Vui lòng mô tả vấn đề khi chọn “Khác”.');
    if (trimmed.length > MAX_REPORT_DETAIL) return setProblem(`Mô tả tối đa ${MAX_REPORT_DETAIL.toLocaleString('vi-VN')} ký tự.`);
    setSending(true);
    setProblem(null);
    try {
      await sendReport({ targetType: subject.type, targetId: subject.id, reason, ...(trimmed ? { detail: trimmed } : {}) });
      setSent(true);
    } catch (error) {
      setProblem(serverMessage(error) ?? 'Không gửi được báo cáo, vui lòng thử lại.');
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="flex items-start gap-2 rounded-lg bg-green-50 px-3 py-2 text-green-900 dark:bg-green-950 dark:text-green-100">
          <CircleCheck size={20} aria-hidden className="mt-0.5 shrink-0" />
          {REPORT_THANKS}
        </p>
        <button type="button" autoFocus onClick={onClose} className="self-end rounded-full bg-brand px-5 py-2 text-sm font-semibold text-white dark:bg-brand-dark dark:text-night">
          Đóng
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold">Lý do</legend>
        {REPORT_REASONS.map((option, index) => (
          <label key={option.key} className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-ink/5 dark:hover:bg-white/5">
            <input
              type="radio"
              name="reason"
              value={option.key}
              checked={reason === option.key}
              onChange={() => setReason(option.key)}
              data-autofocus={index === 0 ? true : undefined}
              className="size-4 accent-brand dark:accent-brand-dark"
            />
            {option.name}
          </label>
        ))}
      </fieldset>
      {reason === 'copyright' && subject.type === 'story' && (
        <p className="text-sm text-ink-soft dark:text-neutral-400">
          Bạn là chủ sở hữu bản quyền? Hãy gửi yêu cầu gỡ truyện qua{' '}
          <Link prefetch={false} href="/thong-tin/about-us#bao-cao-ban-quyen" className="font-semibold text-brand underline dark:text-brand-dark">
            biểu mẫu bản quyền
          </Link>
          .
        </p>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={detailId} className="font-semibold">
          Mô tả thêm {reason === 'other' ? '' : <span className="font-normal text-ink-soft dark:text-neutral-400">(không bắt buộc)</span>}
        </label>
        <textarea
          id={detailId}
          value={detail}
          onChange={(event) => setDetail(event.target.value)}
          rows={3}
          aria-describedby={`${detailId}-count`}
          aria-invalid={trimmed.length > MAX_REPORT_DETAIL}
          placeholder="Điều gì không ổn với nội dung này?"
          className="w-full resize-y rounded-lg border border-ink/20 bg-white px-3 py-2 text-base text-ink placeholder:text-ink-soft/70 focus:border-brand dark:border-night-line dark:bg-night dark:text-neutral-100 dark:placeholder:text-neutral-500"
        />
        <span id={`${detailId}-count`} className="text-xs text-ink-soft dark:text-neutral-400">
          {trimmed.length.toLocaleString('vi-VN')}/{MAX_REPORT_DETAIL.toLocaleString('vi-VN')} ký tự
        </span>
      </div>
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onClose} className="rounded-full px-4 py-2 text-sm font-medium hover:bg-ink/5 dark:hover:bg-white/10">
          Hủy
        </button>
        <button type="submit" disabled={sending} className="rounded-full bg-brand px-5 py-2 text-sm font-semibold text-white disabled:opacity-60 dark:bg-brand-dark dark:text-night">
          {sending ? 'Đang gửi…' : 'Gửi báo cáo'}
        </button>
      </div>
    </form>
  );
}
