import Link from 'next/link';
import { ArrowDownUp, ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { chapterHeading, chapterPath } from '@/components/chapter/readerStyles';
import { StaticIsland } from '@/components/ui/StaticIsland';
import { CHAPTERS_PER_PAGE } from '@/lib/constants';
import { publicEnv } from '@/lib/publicEnv';
import type { Paged } from '@/lib/types';
import type { ChapterListItem } from '@/server/services/chapters';

type Order = 'asc' | 'desc';

interface ChapterListProps {
  storyId: string;
  slug: string;
  total: number;
  /** The first page, oldest first, rendered by the server; fetched when absent. */
  initial?: Paged<ChapterListItem>;
  /** The chapter open now (in the picker), marked and its page shown first. */
  current?: number;
  /** The chapter the reader reached, marked. */
  reached?: number | null;
}

async function fetchChapterPage(storyId: string, page: number, order: Order): Promise<Paged<ChapterListItem> | undefined> {
  try {
    const response = await fetch(`${publicEnv.apiUrl}/book/chapters/${storyId}?page=${page}&order=${order}`);
    if (!response.ok) throw new Error('Network response was not ok');
    return (await response.json()) as Paged<ChapterListItem>;
  } catch (error) {
    console.error('fetchChapterPage:', error instanceof Error ? error.message : error);
    return undefined;
  }
}

const pagerButton =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border border-ink/15 px-2 hover:border-brand disabled:opacity-40 dark:border-night-line';

/** The chapter list, 50 a page, oldest or newest first. */
export function ChapterList({ storyId, slug, total, initial, current, reached }: ChapterListProps) {
  const pages = Math.max(1, Math.ceil(total / CHAPTERS_PER_PAGE));
  const startPage = current ? Math.floor((current - 1) / CHAPTERS_PER_PAGE) : 0;
  const [order, setOrder] = useState<Order>('asc');
  const [page, setPage] = useState(startPage);
  const [attempt, setAttempt] = useState(0);
  const key = `${page}/${order}/${attempt}`;
  const [fetched, setFetched] = useState<{ key: string; data?: Paged<ChapterListItem> } | null>(null);
  const useInitial = initial !== undefined && page === 0 && order === 'asc';
  const data = useInitial ? initial : fetched?.key === key ? fetched.data : undefined;
  const failed = !useInitial && fetched?.key === key && !fetched.data;

  useEffect(() => {
    if (useInitial) return;
    let cancelled = false;
    void fetchChapterPage(storyId, page, order).then((result) => {
      if (!cancelled) setFetched({ key, data: result });
    });
    return () => {
      cancelled = true;
    };
  }, [storyId, page, order, key, useInitial]);

  const changeOrder = () => {
    setOrder((value) => (value === 'asc' ? 'desc' : 'asc'));
    setPage(0);
  };

  return (
    <div data-testid="chapter-list">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-soft dark:text-neutral-400">{total} chương</p>
        <button type="button" onClick={changeOrder} className={`${pagerButton} gap-1 text-sm`} aria-label={order === 'asc' ? 'Xếp chương mới nhất trước' : 'Xếp chương cũ nhất trước'}>
          <ArrowDownUp aria-hidden className="size-4" /> {order === 'asc' ? 'Cũ nhất' : 'Mới nhất'}
        </button>
      </div>
      {failed ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          Không tải được danh sách chương.{' '}
          <button type="button" className="underline" onClick={() => setAttempt((value) => value + 1)}>
            Thử lại
          </button>
        </p>
      ) : (
        // The rows are links only: the first page's, as the server sent them, stay unhydrated.
        <StaticIsland contentKey={`${key}/${current ?? ''}/${reached ?? ''}/${data ? 'loaded' : 'loading'}`}>
          <ol className={`grid gap-x-6 sm:grid-cols-2 ${data ? '' : 'animate-pulse opacity-50'}`} aria-busy={!data}>
            {(data?.results ?? []).map((chapter) => (
              <li key={chapter.index} className="border-b border-ink/10 dark:border-night-line">
                <Link prefetch={false}
                  href={chapterPath(slug, chapter.index)}
                  aria-current={chapter.index === current ? 'page' : undefined}
                  className={`flex items-center gap-2 py-2 text-sm hover:text-brand dark:hover:text-brand-dark ${chapter.index === current ? 'font-bold text-brand dark:text-brand-dark' : ''}`}
                >
                  <span className="line-clamp-1 flex-1">{chapterHeading(chapter.index, chapter.title)}</span>
                  {chapter.index === reached && <span className="shrink-0 text-xs text-brand dark:text-brand-dark">Đang đọc</span>}
                  {chapter.vip && <Lock aria-label="Chương VIP" className="size-3.5 shrink-0 text-amber-600" />}
                </Link>
              </li>
            ))}
          </ol>
        </StaticIsland>
      )}
      {pages > 1 && (
        <nav aria-label="Trang danh sách chương" className="mt-4 flex items-center justify-center gap-2">
          <button type="button" className={pagerButton} disabled={page === 0} onClick={() => setPage(page - 1)} aria-label="Trang trước">
            <ChevronLeft aria-hidden className="size-4" />
          </button>
          <label className="flex items-center gap-2 text-sm">
            <span className="sr-only">Chọn trang</span>
            <select
              value={page}
              onChange={(event) => setPage(Number(event.target.value))}
              className="rounded-md border border-ink/15 bg-transparent px-2 py-2 dark:border-night-line dark:bg-night-raised"
            >
              {Array.from({ length: pages }, (_, i) => (
                <option key={i} value={i}>
                  Trang {i + 1}/{pages}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={pagerButton} disabled={page >= pages - 1} onClick={() => setPage(page + 1)} aria-label="Trang sau">
            <ChevronRight aria-hidden className="size-4" />
          </button>
        </nav>
      )}
    </div>
  );
}
