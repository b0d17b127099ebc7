import Link from 'next/link';
import { Lock, RotateCcw } from 'lucide-react';
import type { ReaderSettings } from '@/lib/readerSettings';
import { READER_FONT_CLASSES, READER_HIGHLIGHT_CLASSES } from './readerStyles';
import type { ChapterTextState } from './useChapterText';

export const VIP_UPSELL = 'Đây là chương VIP. Hãy nâng cấp VIP để đọc và nghe chương này.';
export const TEXT_FAILED = 'Không tải được nội dung chương. Vui lòng kiểm tra kết nối và thử lại.';

interface ChapterTextProps {
  state: ChapterTextState;
  settings: ReaderSettings;
  /** The paragraph being read aloud, highlighted; null when the player is not active. */
  current: number | null;
  onRetry: () => void;
  /** A click on a paragraph while listening moves the player there. */
  onParagraphClick?: (index: number) => void;
}

function Skeleton() {
  return (
    <div role="status" aria-label="Đang tải nội dung chương" className="animate-pulse space-y-4" data-testid="chapter-skeleton">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="space-y-2">
          <div className="h-4 rounded bg-current opacity-10" />
          <div className="h-4 rounded bg-current opacity-10" />
          <div className="h-4 w-2/3 rounded bg-current opacity-10" />
        </div>
      ))}
    </div>
  );
}

/** The chapter's text, or its loading skeleton, its error with a retry, or the VIP lock. */
export function ChapterText({ state, settings, current, onRetry, onParagraphClick }: ChapterTextProps) {
  if (state.kind === 'loading') return <Skeleton />;
  if (state.kind === 'failed') {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
        <p>{TEXT_FAILED}</p>
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 inline-flex items-center gap-2 rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90"
        >
          <RotateCcw aria-hidden className="size-4" /> Thử lại
        </button>
      </div>
    );
  }
  if (state.kind === 'vip') {
    return (
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-center text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100" data-testid="vip-lock">
        <Lock aria-hidden className="mx-auto mb-3 size-10" />
        <p className="font-semibold">{VIP_UPSELL}</p>
        <p className="mt-1 text-sm opacity-80">Thành viên VIP đọc và nghe mọi chương VIP, không quảng cáo.</p>
        <Link href="/vip" className="mt-4 inline-block rounded-md bg-brand px-5 py-2 font-semibold text-white hover:opacity-90">
          Nâng cấp VIP
        </Link>
      </div>
    );
  }
  return (
    <div
      className={`${READER_FONT_CLASSES[settings.font]} break-words`}
      style={{ fontSize: `${settings.size}px`, lineHeight: settings.lineHeight }}
      data-testid="chapter-text"
    >
      {state.paragraphs.map((paragraph, index) => (
        <p
          key={index}
          data-paragraph={index}
          aria-current={current === index ? 'true' : undefined}
          onClick={onParagraphClick ? () => onParagraphClick(index) : undefined}
          className={`mb-[0.9em] rounded px-1 -mx-1 transition-colors ${current === index ? READER_HIGHLIGHT_CLASSES[settings.background] : ''}`}
        >
          {paragraph}
        </p>
      ))}
    </div>
  );
}
