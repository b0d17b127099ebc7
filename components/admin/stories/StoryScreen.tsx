import { ArrowLeft, ExternalLink, Eye, EyeOff, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { getAdminStory, storyAction, type AdminStory, type StoryAction } from '@/lib/api/admin';
import { storyUrl } from '@/lib/routes';
import { formatDateTime, formatNumber } from '../format';
import { CONSOLE_URL, queryParam } from '../query';
import { ReasonDialog } from '../ReasonDialog';
import { useAdminData } from '../useAdminData';
import { Badge, BUTTON, CARD, Fact, LoadState } from '../ui';
import { StoryBadges } from './StoriesScreen';
import { StoryEditForm } from './StoryEditForm';
import { StorySources } from './StorySources';

const ACTIONS: Record<StoryAction, { title: string; description: string; confirm: string; done: string }> = {
  hide: {
    title: 'Ẩn truyện',
    description: 'Truyện biến mất khỏi trang, tìm kiếm, bảng xếp hạng và sơ đồ trang cho đến khi được hiện lại.',
    confirm: 'Ẩn truyện',
    done: 'Đã ẩn truyện.',
  },
  unhide: { title: 'Hiện lại truyện', description: 'Truyện xuất hiện lại với độc giả.', confirm: 'Hiện lại', done: 'Đã hiện lại truyện.' },
  remove: {
    title: 'Gỡ truyện vĩnh viễn',
    description: 'Truyện, các chương, bình luận và đánh giá của nó bị xóa và không thể khôi phục. Dùng cho yêu cầu gỡ bỏ bản quyền.',
    confirm: 'Gỡ vĩnh viễn',
    done: 'Đã gỡ truyện.',
  },
};

function Source({ story }: { story: AdminStory }) {
  const { source } = story;
  if (!source) return null;
  return (
    <section className={CARD} aria-labelledby="story-source">
      <h2 id="story-source" className="mb-3 font-bold">
        Nguồn nhúng
      </h2>
      <dl className="space-y-1">
        <Fact label="Trang nguồn">{source.site}</Fact>
        <Fact label="Địa chỉ">
          <a href={source.sourceUrl} target="_blank" rel="noopener noreferrer" className="break-all text-brand underline dark:text-brand-dark">
            {source.sourceUrl}
          </a>
        </Fact>
        <Fact label="Theo dõi chương mới">{source.following ? <Badge tone="good">Đang theo dõi</Badge> : <Badge>Không theo dõi</Badge>}</Fact>
        <Fact label="Kiểm tra lần cuối">{formatDateTime(source.lastCheckedAt)}</Fact>
        <Fact label="Lỗi gần nhất">{source.lastError ? <span className="text-red-700 dark:text-red-400">{source.lastError}</span> : 'Không có'}</Fact>
      </dl>
    </section>
  );
}

/** One story: its facts, the edit form, the embedded source, and hide, unhide or remove with a note. */
export function StoryScreen() {
  const router = useRouter();
  const { notify } = useAuth();
  const storyId = queryParam(router.query, 'id');
  const story = useAdminData(() => getAdminStory(storyId), storyId, router.isReady && Boolean(storyId));
  const [asking, setAsking] = useState<StoryAction | null>(null);
  const data = story.data;

  const act = async (action: StoryAction, note: string) => {
    const result = await storyAction(storyId, action, note);
    setAsking(null);
    notify({ text: ACTIONS[action].done, tone: 'success' });
    if ('removed' in result) await router.push(`${CONSOLE_URL}/truyen`);
    else story.replace(result);
  };

  return (
    <>
      <Link prefetch={false} href={`${CONSOLE_URL}/truyen`} className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand dark:text-brand-dark">
        <ArrowLeft size={16} aria-hidden /> Truyện
      </Link>
      <LoadState state={story.state} error={story.error} hasData={Boolean(data)} empty={false} emptyTitle="" onRetry={story.reload}>
        {data && (
          <div className="space-y-4">
            <section className={CARD} aria-labelledby="story-title">
              <h1 id="story-title" className="mb-2 text-xl font-bold">
                {data.title}
              </h1>
              <StoryBadges story={data} />
              <dl className="mt-3 space-y-1">
                <Fact label="Đường dẫn">
                  {data.hidden ? (
                    `/${data.slug}`
                  ) : (
                    <Link prefetch={false} href={storyUrl(data.slug)} target="_blank" className="inline-flex items-center gap-1 text-brand underline dark:text-brand-dark">
                      /{data.slug} <ExternalLink size={14} aria-hidden />
                    </Link>
                  )}
                </Fact>
                <Fact label="Số chương">{formatNumber(data.chapters)}</Fact>
                <Fact label="Cập nhật">{formatDateTime(data.updatedAt)}</Fact>
              </dl>
              <div className="mt-4 flex flex-wrap gap-2">
                {data.hidden ? (
                  <button type="button" className={BUTTON.secondary} onClick={() => setAsking('unhide')}>
                    <Eye size={16} aria-hidden /> Hiện lại
                  </button>
                ) : (
                  <button type="button" className={BUTTON.secondary} onClick={() => setAsking('hide')}>
                    <EyeOff size={16} aria-hidden /> Ẩn truyện
                  </button>
                )}
                <button type="button" className={BUTTON.danger} onClick={() => setAsking('remove')}>
                  <Trash2 size={16} aria-hidden /> Gỡ vĩnh viễn
                </button>
              </div>
            </section>
            <StoryEditForm key={`${data._id}-${data.updatedAt}`} story={data} onSaved={story.replace} />
            <Source story={data} />
            {data.origin === 'embedded' && <StorySources storyId={data._id} />}
          </div>
        )}
      </LoadState>
      {asking && (
        <ReasonDialog
          title={ACTIONS[asking].title}
          description={ACTIONS[asking].description}
          fieldLabel="Ghi chú"
          confirmLabel={ACTIONS[asking].confirm}
          danger={asking !== 'unhide'}
          onClose={() => setAsking(null)}
          onConfirm={(note) => act(asking, note)}
        />
      )}
    </>
  );
}
