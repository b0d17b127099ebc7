import { ExternalLink, Eye, EyeOff } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { moderateWriting, updateReport, type Report, type ReportStatus } from '@/lib/api/admin';
import { storyUrl } from '@/lib/routes';
import { formatDateTime, REPORT_REASON_LABELS, REPORT_STATUS_LABELS, REPORT_TARGET_LABELS } from '../format';
import { CONSOLE_URL } from '../query';
import { ReasonDialog } from '../ReasonDialog';
import { Badge, BUTTON, CARD, Fact, type Tone } from '../ui';

export const STATUS_TONES: Record<ReportStatus, Tone> = { new: 'info', in_progress: 'warn', resolved: 'good', rejected: 'neutral' };

const NEXT_STATUSES: Record<ReportStatus, ReportStatus[]> = {
  new: ['in_progress', 'resolved', 'rejected'],
  in_progress: ['resolved', 'rejected', 'new'],
  resolved: ['in_progress'],
  rejected: ['in_progress'],
};

type Pending = { kind: 'status'; status: ReportStatus } | { kind: 'hide' } | { kind: 'restore' } | null;

function Target({ report }: { report: Report }) {
  const { target } = report;
  if (!target) return <p className="text-sm text-ink-soft dark:text-neutral-400">Nội dung bị báo cáo không còn tồn tại.</p>;
  return (
    <div className="rounded-lg border border-ink/10 bg-paper-deep/60 p-3 dark:border-night-line dark:bg-night">
      {target.story && (
        <p className="mb-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold">Truyện: {target.story.title}</span>
          <Link prefetch={false} href={storyUrl(target.story.slug)} target="_blank" className="inline-flex items-center gap-1 text-brand underline dark:text-brand-dark">
            Xem trên trang <ExternalLink size={14} aria-hidden />
          </Link>
          <Link prefetch={false} href={`${CONSOLE_URL}/truyen/${target.story._id}`} className="text-brand underline dark:text-brand-dark">
            Quản lý truyện
          </Link>
        </p>
      )}
      {target.author && (
        <p className="mb-1 text-sm">
          Người viết:{' '}
          <Link prefetch={false} href={`${CONSOLE_URL}/tai-khoan/${target.author._id}`} className="font-semibold text-brand underline dark:text-brand-dark">
            {target.author.username}
          </Link>
        </p>
      )}
      {target.content !== null && (
        <blockquote className="mt-2 whitespace-pre-wrap break-words border-l-4 border-brand/40 pl-3 text-sm dark:border-brand-dark/40" data-testid="report-target-content">
          {target.content}
        </blockquote>
      )}
      {target.hidden && (
        <p className="mt-2">
          <Badge tone="bad">Đã ẩn với độc giả</Badge>
        </p>
      )}
    </div>
  );
}

function Copyright({ report }: { report: Report }) {
  return (
    <div className="space-y-2 text-sm">
      {report.contact && (
        <dl>
          <Fact label="Người gửi">
            {report.contact.name} · <a href={`mailto:${report.contact.email}`} className="text-brand underline dark:text-brand-dark">{report.contact.email}</a>
          </Fact>
        </dl>
      )}
      {report.links.length > 0 && (
        <div>
          <p className="text-ink-soft dark:text-neutral-400">Đường dẫn:</p>
          <ul className="list-inside list-disc">
            {report.links.map((link) => (
              <li key={link} className="break-all">
                <a href={link} target="_blank" rel="noopener noreferrer" className="text-brand underline dark:text-brand-dark">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.statement && <p className="whitespace-pre-wrap break-words rounded-lg bg-paper-deep/60 p-3 dark:bg-night">{report.statement}</p>}
    </div>
  );
}

/** One report of the queue: what was reported, by whom and why, and what the operator can do. */
export function ReportCard({ report, onChanged }: { report: Report; onChanged: () => void }) {
  const { notify } = useAuth();
  const [pending, setPending] = useState<Pending>(null);
  const writing = report.targetType === 'comment' || report.targetType === 'review' ? (report.targetType === 'comment' ? 'comments' : 'reviews') : null;
  const canModerate = writing && report.targetId && report.target;
  const headingId = `report-${report._id}`;

  const done = (text: string) => {
    setPending(null);
    notify({ text, tone: 'success' });
    onChanged();
  };

  const moderate = async (action: 'hide' | 'restore', reason: string) => {
    // Hiding closes the open reports on the target (the service does it, in the same transaction).
    await moderateWriting(writing!, report.targetId!, action, reason);
    done(action === 'hide' ? 'Đã ẩn nội dung.' : 'Đã hiện lại nội dung.');
  };

  return (
    <article className={CARD} aria-labelledby={headingId} data-testid="report-card">
      <header className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-bold">
          {REPORT_TARGET_LABELS[report.targetType]}: {REPORT_REASON_LABELS[report.reason] ?? report.reason}
        </h2>
        <Badge tone={STATUS_TONES[report.status]}>{REPORT_STATUS_LABELS[report.status]}</Badge>
        <span className="ml-auto text-xs text-ink-soft dark:text-neutral-400">{formatDateTime(report.createdAt)}</span>
      </header>
      <dl className="mb-3 space-y-1">
        {report.reporter && <Fact label="Người báo cáo">{report.reporter.email}</Fact>}
        {report.detail && <Fact label="Chi tiết">{report.detail}</Fact>}
        {report.handledBy && <Fact label="Xử lý bởi">{`${report.handledBy.email} · ${formatDateTime(report.updatedAt)}`}</Fact>}
        {report.note && <Fact label="Ghi chú">{report.note}</Fact>}
      </dl>
      {report.targetType === 'copyright' ? <Copyright report={report} /> : <Target report={report} />}
      <div className="mt-4 flex flex-wrap gap-2">
        {canModerate &&
          (report.target!.hidden ? (
            <button type="button" className={BUTTON.secondary} onClick={() => setPending({ kind: 'restore' })}>
              <Eye size={16} aria-hidden /> Hiện lại nội dung
            </button>
          ) : (
            <button type="button" className={BUTTON.danger} onClick={() => setPending({ kind: 'hide' })}>
              <EyeOff size={16} aria-hidden /> Ẩn nội dung
            </button>
          ))}
        {NEXT_STATUSES[report.status].map((status) => (
          <button key={status} type="button" className={BUTTON.secondary} onClick={() => setPending({ kind: 'status', status })}>
            {status === 'new' ? 'Mở lại' : `Chuyển: ${REPORT_STATUS_LABELS[status]}`}
          </button>
        ))}
      </div>
      {pending?.kind === 'status' && (
        <ReasonDialog
          title={`Chuyển báo cáo sang "${REPORT_STATUS_LABELS[pending.status]}"`}
          fieldLabel="Ghi chú"
          optional
          confirmLabel="Lưu"
          onClose={() => setPending(null)}
          onConfirm={async (note) => {
            await updateReport(report._id, { status: pending.status, note: note || undefined });
            done(`Báo cáo đã chuyển sang "${REPORT_STATUS_LABELS[pending.status]}".`);
          }}
        />
      )}
      {pending?.kind === 'hide' && (
        <ReasonDialog
          title={report.targetType === 'comment' ? 'Ẩn bình luận' : 'Ẩn đánh giá'}
          description="Nội dung sẽ biến mất khỏi mọi danh sách và số đếm với độc giả; các báo cáo đang mở về nội dung này được đóng (đã xử lý). Lý do được ghi vào nhật ký."
          confirmLabel="Ẩn"
          danger
          onClose={() => setPending(null)}
          onConfirm={(reason) => moderate('hide', reason)}
        />
      )}
      {pending?.kind === 'restore' && (
        <ReasonDialog
          title={report.targetType === 'comment' ? 'Hiện lại bình luận' : 'Hiện lại đánh giá'}
          confirmLabel="Hiện lại"
          onClose={() => setPending(null)}
          onConfirm={(reason) => moderate('restore', reason)}
        />
      )}
    </article>
  );
}
