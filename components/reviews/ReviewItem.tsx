import { Pencil } from 'lucide-react';
import type { Review } from '@/lib/api/community';
import { authorName, Avatar } from '../comments/Avatar';
import { ACTION, ConfirmDelete } from '../comments/ConfirmDelete';
import { LikeButton } from '../comments/LikeButton';
import { RelativeTime } from '../comments/RelativeTime';
import { ReportButton } from '../report/ReportButton';
import { StarsDisplay } from './StarRating';

interface Props {
  review: Review;
  own: boolean;
  onLike: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One review: author, stars, time, the text (as text, never HTML), like, and edit/delete for its author. */
export function ReviewItem({ review, own, onLike, onEdit, onDelete }: Props) {
  const pending = review._id.startsWith('pending-');
  const name = authorName(review.user);
  return (
    <li className="flex gap-3" data-testid="review" data-review-id={review._id} aria-busy={pending}>
      <Avatar user={review.user} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="text-sm font-semibold">{name}</span>
          {own && <span className="rounded bg-brand/10 px-1.5 text-xs text-brand dark:bg-brand-dark/20 dark:text-brand-dark">Của bạn</span>}
          <StarsDisplay value={review.rating} size={14} />
          <RelativeTime time={review.createdAt} edited={review.updatedAt - review.createdAt > 1_000} />
        </div>
        <p className="mt-1 whitespace-pre-wrap break-words text-[15px] leading-relaxed" data-testid="review-content">
          {review.content}
        </p>
        {!pending && (
          <div className="mt-1 flex flex-wrap items-center gap-1">
            <LikeButton liked={review.liked} likes={review.likes} what={`đánh giá của ${name}`} onToggle={onLike} />
            {own && (
              <>
                <button type="button" className={ACTION} onClick={onEdit} aria-label="Sửa đánh giá">
                  <Pencil size={14} aria-hidden />
                  Sửa
                </button>
                <ConfirmDelete what="đánh giá" onConfirm={onDelete} />
              </>
            )}
            {!own && <ReportButton subject={{ type: 'review', id: review._id, label: `đánh giá của ${name}` }} className={ACTION} />}
          </div>
        )}
      </div>
    </li>
  );
}
