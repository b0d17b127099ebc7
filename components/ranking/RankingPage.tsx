import Link from 'next/link';
import { Seo } from '@/components/seo/Seo';
import { StoryList } from '@/components/story/StoryList';
import { EmptyState } from '@/components/ui/EmptyState';
import { StaticIsland } from '@/components/ui/StaticIsland';
import { Pagination } from '@/components/ui/Pagination';
import { SORT_OPTIONS, type SortKey } from '@/lib/constants';
import { MAX_PAGE, rankingUrl } from '@/lib/routes';
import type { Paged, StoryCard } from '@/lib/types';

const DEFAULT_SORT: SortKey = 'hot';

interface RankingPageProps {
  sort: SortKey;
  list: Paged<StoryCard>;
  now: number;
}

const TAB = 'shrink-0 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap';

/** The ranking page: one ranking's tabs, its stories and its pages. */
export function RankingPage({ sort, list, now }: RankingPageProps) {
  const name = SORT_OPTIONS.find((option) => option.key === sort)?.name ?? '';
  const page = list.page + 1;
  const pageCount = Math.min(Math.ceil(list.total / list.perpage), MAX_PAGE + 1);
  const path = rankingUrl(sort === DEFAULT_SORT ? undefined : sort, page);
  return (
    <>
      <Seo
        title={`Bảng xếp hạng: ${name}${page > 1 ? ` - Trang ${page}` : ''}`}
        description={`Bảng xếp hạng ${name.toLowerCase()}: những bộ truyện audio và truyện chữ được độc giả yêu thích nhất.`}
        path={path}
        breadcrumbs={[
          { name: 'Trang chủ', path: '/' },
          { name: 'Bảng xếp hạng', path: rankingUrl() },
          { name, path },
        ]}
      />
      <h1 className="mb-4 text-2xl font-bold">Bảng xếp hạng</h1>
      {/* Links only: kept as the server sent them on a first load. */}
      <StaticIsland>
        <nav aria-label="Kiểu xếp hạng" className="-mx-4 mb-6 overflow-x-auto px-4 pb-1">
          <ul className="flex gap-2 sm:flex-wrap">
            {SORT_OPTIONS.map((option) => {
              const active = option.key === sort;
              return (
                <li key={option.key}>
                  <Link prefetch={false}
                    href={rankingUrl(option.key)}
                    aria-current={active ? 'page' : undefined}
                    className={
                      active
                        ? `${TAB} bg-brand text-white dark:bg-brand-dark dark:text-night`
                        : `${TAB} border border-ink/15 hover:border-brand hover:text-brand dark:border-night-line dark:hover:border-brand-dark dark:hover:text-brand-dark`
                    }
                  >
                    {option.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <h2 className="mb-2 text-lg font-bold">{name}</h2>
        {list.results.length === 0 ? (
          <EmptyState title="Chưa có truyện nào trong bảng xếp hạng này." />
        ) : (
          <>
            <StoryList stories={list.results} firstRank={list.page * list.perpage + 1} now={now} />
            <Pagination page={page} pageCount={pageCount} href={(p) => rankingUrl(sort, p)} />
          </>
        )}
      </StaticIsland>
    </>
  );
}
