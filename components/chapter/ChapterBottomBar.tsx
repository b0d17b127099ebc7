import Link from 'next/link';
import { ChevronLeft, ChevronRight, Headphones, List, Type } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { usePlayerStackMark } from '@/hooks/usePlayerStackMark';
import { useScrollVisibility } from '@/hooks/useScrollVisibility';
import { CHAPTER_BAR_FADE_MS } from '@/lib/constants';
import { chapterPath } from './readerStyles';

interface ChapterBottomBarProps {
  slug: string;
  prev: number | null;
  next: number | null;
  listening: boolean;
  onListen: () => void;
  onOpenPicker: () => void;
  onOpenSettings: () => void;
  /** The player, when open: it stays visible while the bar fades. */
  player?: ReactNode;
}

const item = 'flex min-h-12 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg text-[11px] hover:bg-ink/10 dark:hover:bg-white/10';
const off = `${item} pointer-events-none opacity-40`;

/** The floating bar: fades out while scrolling down, back in when scrolling up or at the top (spec §2). */
export function ChapterBottomBar({ slug, prev, next, listening, onListen, onOpenPicker, onOpenSettings, player }: ChapterBottomBarProps) {
  const visible = useScrollVisibility();
  const stack = useRef<HTMLDivElement>(null);
  usePlayerStackMark(stack, Boolean(player));
  return (
    <div ref={stack} className="pointer-events-none fixed inset-x-0 bottom-0 z-40 px-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
      <div className="mx-auto max-w-2xl space-y-2">
        {player && <div className="pointer-events-auto">{player}</div>}
        <nav
          aria-label="Thanh điều hướng chương"
          data-testid="chapter-bar"
          data-visible={visible}
          style={{ opacity: visible ? 1 : 0, transitionDuration: `${CHAPTER_BAR_FADE_MS}ms` }}
          className={`flex items-stretch gap-1 rounded-2xl border border-ink/10 bg-paper-deep/95 p-1 shadow-lg backdrop-blur transition-opacity dark:border-night-line dark:bg-night-raised/95 ${visible ? 'pointer-events-auto' : 'pointer-events-none'}`}
        >
          {prev !== null ? (
            <Link prefetch={false} href={chapterPath(slug, prev)} className={item} tabIndex={visible ? undefined : -1}>
              <ChevronLeft aria-hidden className="size-5" /> Trước
            </Link>
          ) : (
            <span className={off} aria-disabled="true">
              <ChevronLeft aria-hidden className="size-5" /> Trước
            </span>
          )}
          <button type="button" className={item} onClick={onOpenPicker} tabIndex={visible ? undefined : -1}>
            <List aria-hidden className="size-5" /> Chương
          </button>
          <button type="button" className={`${item} text-brand dark:text-brand-dark`} onClick={onListen} aria-pressed={listening} tabIndex={visible ? undefined : -1}>
            <Headphones aria-hidden className="size-5" /> Nghe
          </button>
          <button type="button" className={item} onClick={onOpenSettings} tabIndex={visible ? undefined : -1}>
            <Type aria-hidden className="size-5" /> Cài đặt
          </button>
          {next !== null ? (
            <Link prefetch={false} href={chapterPath(slug, next)} className={item} tabIndex={visible ? undefined : -1}>
              <ChevronRight aria-hidden className="size-5" /> Sau
            </Link>
          ) : (
            <span className={off} aria-disabled="true">
              <ChevronRight aria-hidden className="size-5" /> Sau
            </span>
          )}
        </nav>
      </div>
    </div>
  );
}
