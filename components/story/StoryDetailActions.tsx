import Link from 'next/link';
import { BookOpen, BookmarkCheck, Headphones } from 'lucide-react';
import type { ReactNode } from 'react';
import { chapterPath } from '@/components/chapter/readerStyles';
import { ExportButton } from '@/components/export/ExportButton';
import type { ExportBook } from '@/components/export/types';
import { DownloadButton } from '@/components/offline/DownloadButton';
import type { DownloadStory } from '@/lib/offline/downloader';
import { useReachedChapter } from './useReachedChapter';

const primary = 'inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand px-4 py-2 font-semibold text-white shadow-sm hover:opacity-90';
const secondary =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand/10 dark:border-brand-dark dark:text-brand-dark';

interface Props {
  slug: string;
  chapters: number;
  firstChapter: number | null;
  /** "Tải để nghe offline" from where the reader is (or the first chapter). */
  download?: DownloadStory;
  /** "Tải về" (EPUB/TXT) from where the reader is to the latest chapter. */
  exportBook?: ExportBook;
  /** Further actions at the end of the row (saving the story). */
  children?: ReactNode;
}

/**
 * "Đọc từ đầu", "Đọc tiếp" (from local readings), "Nghe" (opens the chapter and starts the
 * player), "Tải để nghe offline", "Tải về" (EPUB/TXT), then `children`.
 */
export function StoryDetailActions({ slug, chapters, firstChapter, download, exportBook, children }: Props) {
  const reached = useReachedChapter(slug);
  if (firstChapter === null || chapters === 0) {
    return (
      <div className="flex flex-wrap items-center gap-2" data-testid="story-actions">
        <p className="text-sm text-ink-soft dark:text-neutral-400">Truyện chưa có chương nào.</p>
        {children}
      </div>
    );
  }
  const listenFrom = reached ?? firstChapter;
  return (
    <div className="flex flex-wrap gap-2" data-testid="story-actions">
      <Link prefetch={false} href={chapterPath(slug, firstChapter)} className={reached ? secondary : primary}>
        <BookOpen aria-hidden className="size-5" /> Đọc từ đầu
      </Link>
      {reached !== null && (
        <Link prefetch={false} href={chapterPath(slug, reached)} className={primary}>
          <BookmarkCheck aria-hidden className="size-5" /> Đọc tiếp chương {reached}
        </Link>
      )}
      <Link prefetch={false} href={`${chapterPath(slug, listenFrom)}?nghe=1`} className={secondary}>
        <Headphones aria-hidden className="size-5" /> Nghe
      </Link>
      {download && <DownloadButton story={download} from={listenFrom} />}
      {exportBook && <ExportButton book={exportBook} from={listenFrom} />}
      {children}
    </div>
  );
}
