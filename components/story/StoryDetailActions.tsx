import Link from 'next/link';
import { BookOpen, BookmarkCheck, Headphones } from 'lucide-react';
import { chapterPath } from '@/components/chapter/readerStyles';
import { useReachedChapter } from './useReachedChapter';

const primary = 'inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand px-4 py-2 font-semibold text-white shadow-sm hover:opacity-90';
const secondary =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand/10 dark:border-brand-dark dark:text-brand-dark';

/** "Đọc từ đầu", "Đọc tiếp" (from local readings) and "Nghe" (opens the chapter and starts the player). */
export function StoryDetailActions({ slug, chapters, firstChapter }: { slug: string; chapters: number; firstChapter: number | null }) {
  const reached = useReachedChapter(slug);
  if (firstChapter === null || chapters === 0) {
    return <p className="text-sm text-ink-soft dark:text-neutral-400">Truyện chưa có chương nào.</p>;
  }
  const listenFrom = reached ?? firstChapter;
  return (
    <div className="flex flex-wrap gap-2" data-testid="story-actions">
      <Link href={chapterPath(slug, firstChapter)} className={reached ? secondary : primary}>
        <BookOpen aria-hidden className="size-5" /> Đọc từ đầu
      </Link>
      {reached !== null && (
        <Link href={chapterPath(slug, reached)} className={primary}>
          <BookmarkCheck aria-hidden className="size-5" /> Đọc tiếp chương {reached}
        </Link>
      )}
      <Link href={`${chapterPath(slug, listenFrom)}?nghe=1`} className={secondary}>
        <Headphones aria-hidden className="size-5" /> Nghe
      </Link>
    </div>
  );
}
