import type { ReaderBackground, ReaderFont, ReaderWidth } from '@/lib/readerSettings';

/** Tailwind classes of the reader settings (kept under components/ so Tailwind sees them). */
export const READER_BACKGROUND_CLASSES: Record<ReaderBackground, string> = {
  auto: 'bg-paper text-ink dark:bg-night dark:text-neutral-200',
  paper: 'bg-[#fbf7ef] text-[#2b2118]',
  sepia: 'bg-[#f1e4c8] text-[#4a3520]',
  dark: 'bg-[#1e1e1e] text-[#dcdcdc]',
  night: 'bg-black text-[#a8a29e]',
};

export const READER_HIGHLIGHT_CLASSES: Record<ReaderBackground, string> = {
  auto: 'bg-amber-200/60 dark:bg-amber-400/20',
  paper: 'bg-amber-200/60',
  sepia: 'bg-amber-300/50',
  dark: 'bg-amber-400/20',
  night: 'bg-amber-400/15',
};

export const READER_FONT_CLASSES: Record<ReaderFont, string> = { serif: 'font-serif', sans: 'font-sans' };

export const READER_WIDTH_CLASSES: Record<ReaderWidth, string> = { narrow: 'max-w-xl', medium: 'max-w-2xl', wide: 'max-w-4xl' };

export const READER_BACKGROUND_NAMES: Record<ReaderBackground, string> = {
  auto: 'Theo giao diện',
  paper: 'Giấy',
  sepia: 'Sepia',
  dark: 'Tối',
  night: 'Đêm',
};

export const READER_WIDTH_NAMES: Record<ReaderWidth, string> = { narrow: 'Hẹp', medium: 'Vừa', wide: 'Rộng' };

/** "Chương 12: Tên" whether or not the stored title already starts with its number. */
export function chapterHeading(index: number, title: string): string {
  return /^chương\s+\d+/i.test(title) ? title : `Chương ${index}: ${title}`;
}

export function chapterPath(slug: string, index: number): string {
  return `/${slug}/chuong-${index}`;
}
