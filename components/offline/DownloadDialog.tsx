import Link from 'next/link';
import { Dialog } from '@/components/ui/Dialog';
import { choiceChip, primaryButton, secondaryButton } from '@/components/ui/dialogControls';
import { useOfflineDownload } from '@/hooks/useOfflineDownload';
import { DOWNLOAD_COUNTS, DOWNLOADS_PAGE } from '@/lib/offline/constants';
import type { DownloadStory } from '@/lib/offline/downloader';
import { formatBytes } from '@/lib/offline/format';
import { PLAN_MESSAGES } from '@/lib/offline/planner';

interface Props {
  open: boolean;
  onClose: () => void;
  story: DownloadStory;
  from: number;
  charsPerChapter: number | null;
}


const range = (indices: number[]) => (indices.length === 1 ? `chương ${indices[0]}` : `chương ${indices[0]}–${indices[indices.length - 1]}`);

/** "Tải để nghe offline": how many chapters, with server audio or not, the estimate and quota, then the progress. */
export function DownloadDialog({ open, onClose, story, from, charsPerChapter }: Props) {
  const { count, setCount, withAudio, setWithAudio, plan, storage, phase, start, cancel } = useOfflineDownload(story, from, charsPerChapter);
  const running = phase.kind === 'running';

  return (
    <Dialog open={open} onClose={running ? cancel : onClose} title="Tải để nghe offline" placement="sheet">
      <div className="space-y-4 text-left text-sm" data-testid="download-dialog">
        <p className="text-ink-soft dark:text-neutral-400">
          Lưu các chương tiếp theo của <strong className="text-ink dark:text-neutral-100">{story.title}</strong> vào máy để đọc và nghe khi không có mạng, từ chương {from}.
        </p>

        <fieldset disabled={running}>
          <legend className="mb-2 font-semibold">Số chương</legend>
          <div className="flex gap-2" role="radiogroup" aria-label="Số chương">
            {DOWNLOAD_COUNTS.map((value) => (
              <button key={value} type="button" role="radio" aria-checked={count === value} onClick={() => setCount(value)} className={choiceChip(count === value)}>
                {value} chương
              </button>
            ))}
          </div>
          <label className="mt-3 flex items-start gap-2">
            <input type="checkbox" className="mt-0.5 size-4 accent-brand" checked={withAudio} onChange={(event) => setWithAudio(event.target.checked)} />
            <span>
              Kèm âm thanh đọc của máy chủ
              <span className="block text-xs text-ink-soft dark:text-neutral-400">Dùng khi máy không có giọng đọc tiếng Việt; nặng hơn nhiều so với chỉ tải chữ.</span>
            </span>
          </label>
        </fieldset>

        {phase.kind === 'preparing' && <p role="status">Đang chuẩn bị…</p>}
        {phase.kind === 'unavailable' && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
            {phase.message}
          </p>
        )}

        {plan && phase.kind !== 'unavailable' && (
          <div className="space-y-1 rounded-lg bg-paper-deep p-3 dark:bg-night" data-testid="download-plan">
            {plan.chapters.length > 0 && (
              <p>
                Sẽ tải {plan.chapters.length} chương ({range(plan.chapters.map((chapter) => chapter.index))}), khoảng <strong>{formatBytes(plan.estimatedBytes)}</strong>.
              </p>
            )}
            {plan.alreadyKept.length > 0 && <p className="text-ink-soft dark:text-neutral-400">Đã có trên máy: {range(plan.alreadyKept)}.</p>}
            {plan.refusedVip.length > 0 && plan.chapters.length > 0 && <p className="text-ink-soft dark:text-neutral-400">{PLAN_MESSAGES.vipSkipped(plan.refusedVip.length)}</p>}
            {storage && (
              <p className="text-ink-soft dark:text-neutral-400" data-testid="storage-quota">
                Bộ nhớ của trang trên máy: đã dùng {formatBytes(storage.usage)} / {formatBytes(storage.quota)}.
              </p>
            )}
            {plan.error && phase.kind === 'ready' && (
              <p role="alert" className="font-semibold text-red-800 dark:text-red-300" data-testid="download-error">
                {plan.error}
              </p>
            )}
          </div>
        )}

        {phase.kind === 'running' && (
          <div>
            <div
              role="progressbar"
              aria-label="Tiến độ tải"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(phase.progress.fraction * 100)}
              className="h-2 overflow-hidden rounded-full bg-ink/10 dark:bg-white/10"
            >
              <div className="h-full bg-brand transition-[width] dark:bg-brand-dark" style={{ width: `${Math.round(phase.progress.fraction * 100)}%` }} />
            </div>
            <p role="status" className="mt-2">
              {phase.progress.current !== null ? `Đang tải chương ${phase.progress.current}` : 'Đang hoàn tất'} ({phase.progress.done}/{phase.progress.total}) · {formatBytes(phase.progress.bytes)}
            </p>
          </div>
        )}

        {phase.kind === 'done' && (
          <div role="status" className="space-y-1" data-testid="download-result">
            <p className="font-semibold">
              {phase.result.kept.length > 0 ? `Đã tải ${phase.result.kept.length} chương (${formatBytes(phase.result.bytes)}).` : 'Chưa tải được chương nào.'}
              {phase.result.aborted && ' Đã dừng tải.'}
            </p>
            {phase.result.failed.map((failure) => (
              <p key={failure.index} className="text-red-800 dark:text-red-300">
                Chương {failure.index}: {failure.reason}.
              </p>
            ))}
            <Link prefetch={false} href={DOWNLOADS_PAGE} onClick={onClose} className="font-semibold text-brand underline dark:text-brand-dark">
              Xem truyện đã tải
            </Link>
          </div>
        )}

        <div className="flex flex-wrap justify-end gap-2 pt-1">
          {running ? (
            <button type="button" onClick={cancel} className={secondaryButton}>
              Dừng tải
            </button>
          ) : (
            <>
              <button type="button" onClick={onClose} className={secondaryButton}>
                Đóng
              </button>
              {phase.kind !== 'unavailable' && plan && plan.chapters.length > 0 && (
                <button type="button" data-autofocus onClick={() => void start()} disabled={Boolean(plan.error)} className={primaryButton}>
                  Tải {plan.chapters.length} chương
                </button>
              )}
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
