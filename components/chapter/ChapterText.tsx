import { RotateCcw } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { DOWNLOADS_PAGE } from '@/lib/offline/constants';
import { VipUpsell } from '@/components/vip/VipUpsell';
import type { ReaderSettings } from '@/lib/readerSettings';
import { READER_FONT_CLASSES, READER_HIGHLIGHT_CLASSES } from './readerStyles';
import type { ChapterTextState } from './useChapterText';

export const TEXT_FAILED = 'Không tải được nội dung chương. Vui lòng kiểm tra kết nối và thử lại.';
/** Loaded only when an embedded chapter fails to load. */
const SourceSwitch = dynamic(() => import('./SourceSwitch'), { ssr: false });

export const TEXT_OFFLINE = 'Bạn đang ngoại tuyến và chương này chưa được tải về máy.';

interface ChapterTextProps {
  state: ChapterTextState;
  /** The chapter's first paragraphs from the server HTML, shown until the whole text arrives. */
  opening?: string[];
  settings: ReaderSettings;
  /** The paragraph being read aloud, highlighted; null when the player is not active. */
  current: number | null;
  onRetry: () => void;
  /** A click on a paragraph while listening moves the player there. */
  onParagraphClick?: (index: number) => void;
  /** An embedded story's chapter: a failure offers "Đổi nguồn" (another of the story's sources). */
  embeddedChapter?: { storyId: string; index: number };
}

function Skeleton({ blocks = 8 }: { blocks?: number }) {
  return (
    <div role="status" aria-label="Đang tải nội dung chương" className="animate-pulse space-y-4" data-testid="chapter-skeleton">
      {Array.from({ length: blocks }, (_, i) => (
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
export function ChapterText({ state, settings, opening = [], current, onRetry, onParagraphClick, embeddedChapter }: ChapterTextProps) {
  if (state.kind === 'loading' && opening.length > 0) {
    return (
      <div className={`${READER_FONT_CLASSES[settings.font]} break-words`} style={{ fontSize: `${settings.size}px`, lineHeight: settings.lineHeight }} data-testid="chapter-opening">
        {opening.map((paragraph, index) => (
          <p key={index} className="mb-[0.9em]">
            {paragraph}
          </p>
        ))}
        <Skeleton blocks={3} />
      </div>
    );
  }
  if (state.kind === 'loading') return <Skeleton />;
  if (state.kind === 'failed') {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
        <p>{state.offline ? TEXT_OFFLINE : TEXT_FAILED}</p>
        {state.offline && (
          <Link prefetch={false} href={DOWNLOADS_PAGE} className="mt-2 block font-semibold underline">
            Xem truyện đã tải
          </Link>
        )}
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 inline-flex items-center gap-2 rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90"
        >
          <RotateCcw aria-hidden className="size-4" /> Thử lại
        </button>
        {embeddedChapter && !state.offline && <SourceSwitch storyId={embeddedChapter.storyId} index={embeddedChapter.index} onSwitched={onRetry} />}
      </div>
    );
  }
  if (state.kind === 'vip') return <VipUpsell />;
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
