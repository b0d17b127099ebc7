import Link from 'next/link';
import { ChevronLeft, ChevronRight, List } from 'lucide-react';
import { chapterPath } from './readerStyles';

interface ChapterNavProps {
  slug: string;
  prev: number | null;
  next: number | null;
  onOpenPicker: () => void;
  label: string;
}

const buttonClass =
  'inline-flex min-h-11 items-center justify-center gap-1 rounded-md border border-ink/15 px-3 py-2 text-sm font-semibold hover:border-brand hover:text-brand dark:border-night-line dark:hover:border-brand-dark dark:hover:text-brand-dark';
const disabledClass = `${buttonClass} pointer-events-none opacity-40`;

/** Previous chapter, the chapter picker, next chapter. */
export function ChapterNav({ slug, prev, next, onOpenPicker, label }: ChapterNavProps) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      {prev !== null ? (
        <Link prefetch={false} href={chapterPath(slug, prev)} className={buttonClass} rel="prev">
          <ChevronLeft aria-hidden className="size-4" /> Chương trước
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          <ChevronLeft aria-hidden className="size-4" /> Chương trước
        </span>
      )}
      <button type="button" onClick={onOpenPicker} className={buttonClass} aria-haspopup="dialog">
        <List aria-hidden className="size-4" /> <span className="max-sm:sr-only">Danh sách chương</span>
      </button>
      {next !== null ? (
        <Link href={chapterPath(slug, next)} className={buttonClass} rel="next">
          Chương sau <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          Chương sau <ChevronRight aria-hidden className="size-4" />
        </span>
      )}
    </nav>
  );
}
