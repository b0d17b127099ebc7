import Link from 'next/link';
import { useRouter } from 'next/router';
import { StoryCover } from '@/components/story/StoryCover';
import { listStories, type AdminStory } from '@/lib/api/admin';
import { STATUS_NAMES } from '@/lib/constants';
import { FilterTabs, ListFooter, SearchForm } from '../filters';
import { formatDateTime, formatNumber } from '../format';
import { CONSOLE_URL, queryChoice, queryPage, queryParam } from '../query';
import { useAdminData } from '../useAdminData';
import { Badge, CARD, LoadState, ScreenTitle } from '../ui';

export function StoryBadges({ story }: { story: AdminStory }) {
  return (
    <span className="flex flex-wrap gap-1">
      {story.hidden && <Badge tone="bad">Đã ẩn</Badge>}
      <Badge tone={story.origin === 'embedded' ? 'info' : 'neutral'}>{story.origin === 'embedded' ? 'Nhúng' : 'Truyện gốc'}</Badge>
      <Badge>{STATUS_NAMES[story.status] ?? story.status}</Badge>
      {story.source?.lastError && <Badge tone="warn">Nguồn lỗi</Badge>}
    </span>
  );
}

/** Truyện: stories found by title or author, hidden ones included, filtered by visibility and origin. */
export function StoriesScreen() {
  const router = useRouter();
  const query = queryParam(router.query, 'query');
  const hidden = queryChoice(router.query, 'hidden', ['true', 'false'] as const);
  const origin = queryChoice(router.query, 'origin', ['native', 'embedded'] as const);
  const page = queryPage(router.query);
  const params = { query, hidden: hidden ?? '', origin: origin ?? '' };
  const stories = useAdminData(() => listStories({ query, hidden, origin, page }), `${query}|${hidden}|${origin}|${page}`, router.isReady);
  return (
    <>
      <ScreenTitle title="Truyện" />
      <SearchForm label="Tìm truyện" placeholder="Tên truyện hoặc tác giả" current={query} params={params} />
      <FilterTabs
        label="Hiển thị"
        param="hidden"
        current={hidden ?? ''}
        params={params}
        choices={[
          { value: '', label: 'Tất cả' },
          { value: 'false', label: 'Đang hiện' },
          { value: 'true', label: 'Đã ẩn' },
        ]}
      />
      <FilterTabs
        label="Nguồn gốc"
        param="origin"
        current={origin ?? ''}
        params={params}
        choices={[
          { value: '', label: 'Mọi nguồn' },
          { value: 'native', label: 'Truyện gốc' },
          { value: 'embedded', label: 'Nhúng' },
        ]}
      />
      <LoadState
        state={stories.state}
        error={stories.error}
        hasData={Boolean(stories.data)}
        empty={stories.data?.results.length === 0}
        emptyTitle="Không tìm thấy truyện nào"
        onRetry={stories.reload}
      >
        {stories.data && (
          <>
            <ul className="grid gap-3 lg:grid-cols-2">
              {stories.data.results.map((story) => (
                <li key={story._id} className={`${CARD} flex gap-3`}>
                  <div className="w-12 shrink-0">
                    <StoryCover title={story.title} cover={story.cover} decorative />
                  </div>
                  <div className="min-w-0">
                    <Link prefetch={false} href={`${CONSOLE_URL}/truyen/${story._id}`} className="block font-semibold text-brand underline-offset-2 hover:underline dark:text-brand-dark">
                      {story.title}
                    </Link>
                    <p className="text-sm text-ink-soft dark:text-neutral-400">
                      {story.author} · {formatNumber(story.chapters)} chương · cập nhật {formatDateTime(story.updatedAt)}
                    </p>
                    <div className="mt-1">
                      <StoryBadges story={story} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <ListFooter total={stories.data.total} page={stories.data.page} perpage={stories.data.perpage} params={params} noun="truyện" />
          </>
        )}
      </LoadState>
    </>
  );
}
