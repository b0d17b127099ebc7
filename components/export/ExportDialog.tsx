import { useEffect, useId, useRef, useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { Dialog } from '@/components/ui/Dialog';
import { choiceChip, primaryButton, secondaryButton } from '@/components/ui/dialogControls';
import { downloadExport, ExportError, prepareExport, saveBlob, type ExportRequest } from '@/lib/api/export';
import { deviceNamesOf } from '@/lib/embedding/readerNames';
import { MAX_EXPORT_CHAPTERS, exportFileName, parseChapterRange, type ExportFormat, type ExportPlan, type LineEnding } from '@/lib/export';
import { formatBytes } from '@/lib/offline/format';
import type { ExportBook } from './types';

interface Props {
  open: boolean;
  onClose: () => void;
  book: ExportBook;
  from: number;
}

type Phase =
  | { kind: 'form' }
  | { kind: 'preparing' }
  | { kind: 'fetching'; done: number; total: number }
  | { kind: 'downloading'; plan: ExportPlan; received: number; estimate: number }
  | { kind: 'done'; plan: ExportPlan; fileName: string; size: number }
  | { kind: 'error'; message: string };

const input = 'mt-1 block min-h-11 w-full rounded-lg border border-ink/20 bg-white px-3 py-2 dark:border-night-line dark:bg-night';

const FORMATS: { value: ExportFormat; label: string; hint: string }[] = [
  { value: 'epub', label: 'EPUB', hint: 'Kindle, Kobo, Moon+ Reader, Apple Books' },
  { value: 'txt', label: 'TXT', hint: 'Văn bản thuần, mở được ở mọi nơi' },
];

function Progress({ value, label }: { value: number | null; label: string }) {
  return (
    <progress
      data-testid="export-progress"
      aria-label={label}
      className="h-2 w-full overflow-hidden rounded-full accent-brand [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-ink/10 [&::-webkit-progress-value]:bg-brand dark:[&::-webkit-progress-bar]:bg-white/10"
      max={100}
      {...(value === null ? {} : { value: Math.round(value) })}
    />
  );
}

function LeftOut({ plan }: { plan: ExportPlan }) {
  if (plan.vipLeftOut === 0 && plan.missing === 0 && !plan.notice) return null;
  return (
    <div className="space-y-1 text-ink-soft dark:text-neutral-400" data-testid="export-left-out">
      {plan.vipLeftOut > 0 && <p>Bỏ qua {plan.vipLeftOut} chương VIP (cần tài khoản VIP).</p>}
      {plan.missing > 0 && <p>{plan.missing} chương chưa tải được từ trang nguồn, không có trong tệp.</p>}
      {plan.notice && <p>{plan.notice}</p>}
    </div>
  );
}

/** "Tải về": format, line ending and range; then fetching, building with a progress bar and cancel; then the file. */
export function ExportDialog({ open, onClose, book, from }: Props) {
  const { user } = useAuth();
  const ids = useId();
  const [format, setFormat] = useState<ExportFormat>('epub');
  const [lineEnding, setLineEnding] = useState<LineEnding>('lf');
  const [start, setStart] = useState(String(Math.min(Math.max(1, from), Math.max(1, book.latest))));
  const [end, setEnd] = useState(String(Math.max(1, book.latest)));
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  const range = parseChapterRange({ from: start, to: end }, 1, book.latest);
  const running = phase.kind === 'preparing' || phase.kind === 'fetching' || phase.kind === 'downloading';

  const cancel = () => {
    aborter.current?.abort();
    aborter.current = null;
    setPhase({ kind: 'form' });
  };

  const run = async () => {
    if (!range.ok) return;
    const controller = new AbortController();
    aborter.current = controller;
    const request: ExportRequest = { slug: book.slug, ...range.range, format, lineEnding, ...(user ? {} : { names: deviceNamesOf(book.storyId) }) };
    setPhase({ kind: 'preparing' });
    try {
      const plan = await prepareExport(request, (done, total) => setPhase({ kind: 'fetching', done, total }), controller.signal);
      setPhase({ kind: 'downloading', plan, received: 0, estimate: plan.estimatedBytes });
      const { blob, fileName } = await downloadExport(request, (received, estimate) => setPhase({ kind: 'downloading', plan, received, estimate: estimate || plan.estimatedBytes }), controller.signal);
      const name = fileName ?? exportFileName(book.title, range.range, format);
      saveBlob(blob, name);
      setPhase({ kind: 'done', plan, fileName: name, size: blob.size });
    } catch (error) {
      if (controller.signal.aborted) return;
      setPhase({ kind: 'error', message: error instanceof ExportError ? error.message : 'Không tải được tệp, vui lòng kiểm tra kết nối và thử lại.' });
    } finally {
      if (aborter.current === controller) aborter.current = null;
    }
  };

  return (
    <Dialog open={open} onClose={running ? cancel : onClose} title="Tải về" placement="sheet">
      <form
        className="space-y-4 text-left text-sm"
        data-testid="export-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <p className="text-ink-soft dark:text-neutral-400">
          Lưu <strong className="text-ink dark:text-neutral-100">{book.title}</strong> thành một tệp để đọc trên máy đọc sách hay ứng dụng khác, với tên riêng như bạn đang đọc trên trang.
        </p>

        <fieldset disabled={running}>
          <legend className="mb-2 font-semibold">Định dạng</legend>
          <div className="flex gap-2" role="radiogroup" aria-label="Định dạng">
            {FORMATS.map((option) => (
              <button key={option.value} type="button" role="radio" aria-checked={format === option.value} onClick={() => setFormat(option.value)} className={choiceChip(format === option.value)}>
                {option.label}
                <span className="block text-xs font-normal opacity-80">{option.hint}</span>
              </button>
            ))}
          </div>
          {format === 'txt' && (
            <div className="mt-3 flex gap-2" role="radiogroup" aria-label="Kiểu xuống dòng">
              {(['lf', 'crlf'] as const).map((value) => (
                <button key={value} type="button" role="radio" aria-checked={lineEnding === value} onClick={() => setLineEnding(value)} className={choiceChip(lineEnding === value)}>
                  {value === 'lf' ? 'LF (Android, macOS)' : 'CRLF (Windows)'}
                </button>
              ))}
            </div>
          )}
        </fieldset>

        <fieldset disabled={running}>
          <legend className="mb-2 font-semibold">Chương</legend>
          <div className="flex items-end gap-3">
            <label className="flex-1" htmlFor={`${ids}-from`}>
              Từ chương
              <input id={`${ids}-from`} className={input} type="number" inputMode="numeric" min={1} max={book.latest} value={start} onChange={(event) => setStart(event.target.value)} />
            </label>
            <label className="flex-1" htmlFor={`${ids}-to`}>
              Đến chương
              <input id={`${ids}-to`} className={input} type="number" inputMode="numeric" min={1} max={book.latest} value={end} onChange={(event) => setEnd(event.target.value)} />
            </label>
          </div>
          <p className="mt-2 text-xs text-ink-soft dark:text-neutral-400" aria-live="polite">
            {range.ok ? `${range.range.to - range.range.from + 1} chương, mới nhất là chương ${book.latest}; tối đa ${MAX_EXPORT_CHAPTERS.toLocaleString('vi-VN')} chương mỗi tệp.` : range.message}
          </p>
        </fieldset>

        {phase.kind === 'preparing' && (
          <div className="space-y-2" role="status">
            <p>Đang chuẩn bị…</p>
            <Progress value={null} label="Đang chuẩn bị" />
          </div>
        )}
        {phase.kind === 'fetching' && (
          <div className="space-y-2" role="status">
            <p>
              Đang tải chương chưa có từ trang nguồn: {phase.done}/{phase.total}
            </p>
            <Progress value={(phase.done / Math.max(1, phase.total)) * 100} label="Tải chương từ trang nguồn" />
          </div>
        )}
        {phase.kind === 'downloading' && (
          <div className="space-y-2" role="status">
            <p>
              Đang tạo tệp {phase.plan.chapters} chương: {formatBytes(phase.received)}
              {phase.estimate > 0 && ` / khoảng ${formatBytes(Math.max(phase.estimate, phase.received))}`}
            </p>
            <Progress value={phase.estimate > 0 ? Math.min(99, (phase.received / phase.estimate) * 100) : null} label="Tạo tệp" />
            <LeftOut plan={phase.plan} />
          </div>
        )}
        {phase.kind === 'done' && (
          <div className="space-y-2 rounded-lg bg-paper-deep p-3 dark:bg-night" role="status" data-testid="export-done">
            <p className="font-semibold">
              Đã tải xong: {phase.fileName} ({formatBytes(phase.size)})
            </p>
            <Progress value={100} label="Đã tải xong" />
            <p className="text-ink-soft dark:text-neutral-400">Tệp nằm trong thư mục Tải xuống của trình duyệt.</p>
            <LeftOut plan={phase.plan} />
          </div>
        )}
        {phase.kind === 'error' && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100" data-testid="export-error">
            {phase.message}
          </p>
        )}

        <div className="flex flex-wrap justify-end gap-2">
          {running ? (
            <button type="button" className={secondaryButton} onClick={cancel}>
              Hủy
            </button>
          ) : (
            <>
              <button type="button" className={secondaryButton} onClick={onClose}>
                Đóng
              </button>
              <button type="submit" className={primaryButton} disabled={!range.ok} data-autofocus>
                {phase.kind === 'done' ? 'Tải lại' : 'Tải xuống'}
              </button>
            </>
          )}
        </div>
      </form>
    </Dialog>
  );
}
