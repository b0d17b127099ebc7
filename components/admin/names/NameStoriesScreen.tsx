import Link from 'next/link';
import { useRouter } from 'next/router';
import { listNameStories } from '@/lib/api/admin';
import { ListFooter } from '../filters';
import { formatDateTime, formatNumber } from '../format';
import { CONSOLE_URL, queryPage } from '../query';
import { useAdminData } from '../useAdminData';
import { Badge, CARD, LoadState, ScreenTitle } from '../ui';

/** Tên riêng: embedded stories with readers' name proposals or a shared names list, the most pending first. */
export function NameStoriesScreen() {
  const router = useRouter();
  const page = queryPage(router.query);
  const stories = useAdminData(() => listNameStories({ page }), String(page), router.isReady);
  return (
    <>
      <ScreenTitle title="Tên riêng" />
      <p className="mb-4 text-sm text-ink-soft dark:text-neutral-400">
        Đề xuất của độc giả cho danh sách tên dùng chung của từng truyện nhúng. Chấp nhận hoặc từ chối từng cách dịch; khóa một tên để đề xuất không đổi được nó.
      </p>
      <LoadState
        state={stories.state}
        error={stories.error}
        hasData={Boolean(stories.data)}
        empty={stories.data?.results.length === 0}
        emptyTitle="Chưa có đề xuất tên nào"
        emptyHint="Độc giả đề xuất tên ở mục “Sửa tên riêng” trên trang truyện nhúng."
        onRetry={stories.reload}
      >
        {stories.data && (
          <>
            <ul className="grid gap-3 lg:grid-cols-2">
              {stories.data.results.map((story) => (
                <li key={story._id} className={CARD}>
                  <Link prefetch={false} href={`${CONSOLE_URL}/ten-rieng/${story._id}`} className="block font-semibold text-brand underline-offset-2 hover:underline dark:text-brand-dark">
                    {story.title}
                  </Link>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-soft dark:text-neutral-400">
                    {story.pending > 0 ? <Badge tone="warn">{formatNumber(story.pending)} cách dịch chờ duyệt</Badge> : <Badge>Không có đề xuất chờ</Badge>}
                    {story.hidden && <Badge tone="bad">Đã ẩn</Badge>}
                    <span>
                      {formatNumber(story.shared)} tên dùng chung · {formatNumber(story.proposals)} đề xuất
                      {story.lastProposalAt ? ` · mới nhất ${formatDateTime(story.lastProposalAt)}` : ''}
                    </span>
                  </p>
                </li>
              ))}
            </ul>
            <ListFooter total={stories.data.total} page={stories.data.page} perpage={stories.data.perpage} params={{}} noun="truyện" />
          </>
        )}
      </LoadState>
    </>
  );
}
