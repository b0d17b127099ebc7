import { Star } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { useReviews } from '@/hooks/useReviews';
import type { CommunityUser, ReviewSort } from '@/lib/api/community';
import { SignInPrompt } from '../comments/SignInPrompt';
import { ReviewForm } from './ReviewForm';
import { ReviewItem } from './ReviewItem';
import { StarsDisplay } from './StarRating';

interface Props {
  truyenId: string;
  storyTitle: string;
}

const SORTS: { key: ReviewSort; name: string }[] = [
  { key: 'new', name: 'Mới nhất' },
  { key: 'liked', name: 'Nhiều lượt thích' },
];

/**
 * The reviews of a story: its average, the reader's own review (write, edit, delete), and the
 * others' newest or most liked first, loaded in the browser once mounted (the story page mounts
 * them when scrolled near, components/ui/WhenNear.tsx).
 */
export function StoryReviews({ truyenId, storyTitle }: Props) {
  const { status, user, openSignIn, notify } = useAuth();
  const settled = status === 'signedIn' || status === 'signedOut';
  const onError = useCallback((text: string) => notify({ text, tone: 'error' }), [notify]);
  const viewer: CommunityUser | null = useMemo(() => (user ? { _id: user._id, username: user.username, avatar: user.avatar } : null), [user]);
  const reviews = useReviews({ truyenId, enabled: settled, viewerId: viewer?._id ?? null, onError });
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);

  const shown = reviews.mine && !reviews.items.some((item) => item._id === reviews.mine?._id) ? [reviews.mine, ...reviews.items] : reviews.items;
  const ready = reviews.state === 'ready';

  return (
    <div className="flex flex-col gap-4" data-testid="reviews">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Star size={20} aria-hidden />
          Đánh giá
        </h2>
        {ready && reviews.summary.count > 0 && (
          <p className="flex items-center gap-2 text-sm" data-testid="review-summary">
            <span className="text-2xl font-bold">{reviews.summary.avg.toLocaleString('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</span>
            <StarsDisplay value={reviews.summary.avg} />
            <span className="text-ink-soft dark:text-neutral-400">({reviews.summary.count.toLocaleString('vi-VN')} đánh giá)</span>
          </p>
        )}
      </div>

      {viewer
        ? ready &&
          (!reviews.mine || editing || saving) && (
            // The form stays while saving, so a refused review keeps its text.
            <ReviewForm
              key={editing ? 'edit' : 'new'}
              storyTitle={storyTitle}
              existing={editing ? reviews.mine : null}
              onCancel={editing ? () => setEditing(false) : undefined}
              onSave={async (rating, content) => {
                setSaving(true);
                const saved = await reviews.save(rating, content, viewer);
                setSaving(false);
                if (saved === true) setEditing(false);
                return saved;
              }}
            />
          )
        : status !== 'restoring' && <SignInPrompt text="Đăng nhập để đánh giá truyện và thích các đánh giá." />}

      {ready && reviews.total > 1 && (
        <div role="group" aria-label="Sắp xếp đánh giá" className="flex gap-2">
          {SORTS.map((sort) => (
            <button
              key={sort.key}
              type="button"
              aria-pressed={reviews.sort === sort.key}
              onClick={() => void reviews.load(sort.key)}
              className={`rounded-full border px-3 py-1 text-sm ${
                reviews.sort === sort.key
                  ? 'border-brand bg-brand text-white dark:border-brand-dark dark:bg-brand-dark dark:text-night'
                  : 'border-ink/20 hover:bg-ink/5 dark:border-night-line dark:hover:bg-white/10'
              }`}
            >
              {sort.name}
            </button>
          ))}
        </div>
      )}

      {(reviews.state === 'idle' || reviews.state === 'loading') && (
        <p role="status" className="animate-pulse py-4 text-sm text-ink-soft dark:text-neutral-400">
          Đang tải đánh giá…
        </p>
      )}
      {reviews.state === 'error' && (
        <p role="alert" className="text-sm">
          Không tải được đánh giá.{' '}
          <button type="button" onClick={() => void reviews.load(reviews.sort)} className="font-semibold text-brand underline dark:text-brand-dark">
            Thử lại
          </button>
        </p>
      )}
      {ready && shown.length === 0 && <p className="py-4 text-sm text-ink-soft dark:text-neutral-400">Chưa có đánh giá nào cho truyện này.</p>}

      {ready && shown.length > 0 && (
        <ul className="flex flex-col gap-5">
          {shown.map((review) => (
            <ReviewItem
              key={review._id}
              review={review}
              own={Boolean(viewer && review.user?._id === viewer._id)}
              onLike={() => (viewer ? void reviews.toggleLike(review) : openSignIn('login'))}
              onEdit={() => setEditing(true)}
              onDelete={() => {
                setEditing(false);
                void reviews.remove(review);
              }}
            />
          ))}
        </ul>
      )}

      {ready && reviews.items.length < reviews.total && (
        <button
          type="button"
          onClick={() => void reviews.loadMore()}
          disabled={reviews.loadingMore}
          className="self-center rounded-full border border-ink/20 px-5 py-2 text-sm font-semibold hover:bg-ink/5 disabled:opacity-60 dark:border-night-line dark:hover:bg-white/10"
        >
          {reviews.loadingMore ? 'Đang tải…' : 'Xem thêm đánh giá'}
        </button>
      )}
    </div>
  );
}
