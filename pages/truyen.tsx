import type { GetServerSideProps } from 'next';
import Link from 'next/link';
import { FilterBar } from '@/components/search/FilterBar';
import { Seo } from '@/components/seo/Seo';
import { StoryList } from '@/components/story/StoryList';
import { EmptyState } from '@/components/ui/EmptyState';
import { Pagination } from '@/components/ui/Pagination';
import { StaticIsland } from '@/components/ui/StaticIsland';
import { CHAPTER_OPTIONS, SITE_NAME } from '@/lib/constants';
import { MAX_PAGE, searchUrl, type SearchQuery } from '@/lib/routes';
import type { Paged, SiteSettings, StoryCard } from '@/lib/types';
import { db } from '@/server/db/client';
import { runSearchPage } from '@/server/services/searchPage';
import { renderMinute } from '@/server/services/pageSettings';
import { getSiteSettings } from '@/server/services/settings';

const PER_PAGE = 24;

interface SearchPageProps {
  settings: SiteSettings;
  query: SearchQuery;
  list: Paged<StoryCard> | null;
  error: string | null;
  now: number;
}

export const getServerSideProps: GetServerSideProps<SearchPageProps> = async ({ query, res }) => {
  const database = db();
  const [settings, result] = await Promise.all([getSiteSettings(database), runSearchPage(database, query, PER_PAGE)]);
  if (!result.ok) res.statusCode = 400;
  else res.setHeader('Cache-Control', 'public, s-maxage=30, stale-while-revalidate=120');
  const filters = result.filters;
  const clean: SearchQuery = JSON.parse(
    JSON.stringify({ keyword: filters.keyword, cats: filters.cats, chapters: filters.chapters, author: filters.author, status: filters.status, sort: filters.sort }),
  ) as SearchQuery;
  return {
    props: { settings, query: clean, list: result.ok ? result.list : null, error: result.ok ? null : result.message, now: renderMinute() },
  };
};

function heading(query: SearchQuery): string {
  if (query.keyword) return `Kết quả tìm kiếm “${query.keyword}”`;
  if (query.author) return `Truyện của tác giả ${query.author}`;
  if (query.cats?.length) return `Truyện ${query.cats.join(' + ')}`;
  const chapters = CHAPTER_OPTIONS.find((option) => option.key === query.chapters);
  if (chapters) return `Truyện ${chapters.name.toLowerCase()}`;
  return 'Danh sách truyện';
}

function describe(query: SearchQuery, total: number): string {
  if (query.keyword) return `${total.toLocaleString('vi-VN')} truyện phù hợp với “${query.keyword}” trên ${SITE_NAME}.`;
  return `${heading(query)}: ${total.toLocaleString('vi-VN')} truyện audio và truyện chữ, cập nhật liên tục trên ${SITE_NAME}.`;
}

export default function SearchPage({ settings, query, list, error, now }: SearchPageProps) {
  const title = heading(query);
  const page = (list?.page ?? 0) + 1;
  const pageCount = list ? Math.min(Math.ceil(list.total / list.perpage), MAX_PAGE + 1) : 0;
  // Each list (keyword, genres, chapters, author) is its own page; re-orderings point to it.
  const canonical = searchUrl({ keyword: query.keyword, cats: query.cats, chapters: query.chapters, author: query.author, page });
  return (
    <>
      <Seo
        title={page > 1 ? `${title} - Trang ${page}` : title}
        description={list ? describe(query, list.total) : title}
        path={canonical}
        noindex={Boolean(query.sort || query.status || error || list?.total === 0)}
        breadcrumbs={[
          { name: 'Trang chủ', path: '/' },
          { name: title, path: canonical },
        ]}
      />
      <h1 className="mb-1 text-2xl font-bold">{title}</h1>
      {list && (
        <p className="mb-4 text-sm text-ink-soft dark:text-neutral-400" aria-live="polite">
          {list.total.toLocaleString('vi-VN')} truyện{pageCount > 1 ? ` · trang ${page}/${pageCount}` : ''}
        </p>
      )}
      <form action="/truyen" method="get" role="search" className="mb-4 flex gap-2" aria-label="Tìm trong danh sách">
        <label htmlFor="page-keyword" className="sr-only">
          Từ khóa
        </label>
        <input
          id="page-keyword"
          type="search"
          name="keyword"
          minLength={2}
          defaultValue={query.keyword ?? ''}
          placeholder="Tên truyện, tác giả, thể loại…"
          className="h-11 min-w-0 flex-1 rounded-lg border border-ink/20 bg-paper px-3 focus:border-brand focus:outline-none dark:border-night-line dark:bg-night dark:focus:border-brand-dark"
        />
        <button type="submit" className="h-11 rounded-lg bg-brand px-5 font-semibold text-white dark:bg-brand-dark dark:text-night">
          Tìm
        </button>
      </form>
      <details className="mb-6" open={!query.keyword}>
        <summary className="cursor-pointer select-none py-2 text-sm font-semibold text-brand dark:text-brand-dark">Bộ lọc</summary>
        <FilterBar query={query} genres={settings.cats} />
      </details>
      {error && (
        <EmptyState title="Bộ lọc không hợp lệ" tone="error">
          <p>{error}</p>
          <p className="mt-3">
            <Link prefetch={false} href={searchUrl()} className="font-semibold underline">
              Xem tất cả truyện
            </Link>
          </p>
        </EmptyState>
      )}
      {list && list.results.length === 0 && (
        <EmptyState title="Không tìm thấy truyện nào">
          <p>Hãy thử từ khóa khác, bỏ bớt bộ lọc, hoặc tìm theo tên tác giả. Bạn có thể gõ không dấu, ví dụ “tien hiep”.</p>
        </EmptyState>
      )}
      {list && list.results.length > 0 && (
        // Links only: kept as the server sent them on a first load.
        <StaticIsland>
          <StoryList stories={list.results} now={now} />
          <Pagination page={page} pageCount={pageCount} href={(p) => searchUrl({ ...query, page: p })} />
        </StaticIsland>
      )}
    </>
  );
}
