import { useState } from 'react';
import { MAX_REVIEW_LENGTH, type Review } from '@/lib/api/community';
import { TextComposer } from '../comments/TextComposer';
import { StarPicker } from './StarRating';

interface Props {
  storyTitle: string;
  existing: Review | null;
  /** Resolves true when saved, false when failed, or the server's refusal to show in the form. */
  onSave: (rating: number, content: string) => Promise<boolean | string>;
  onCancel?: () => void;
}

/** Writing or editing the reader's one review of the story: stars and text. */
export function ReviewForm({ storyTitle, existing, onSave, onCancel }: Props) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  return (
    <div className="rounded-lg border border-ink/10 p-3 dark:border-night-line" data-testid="review-form">
      <p className="mb-2 text-sm font-semibold">{existing ? 'Sửa đánh giá của bạn' : `Bạn thấy “${storyTitle}” thế nào?`}</p>
      <TextComposer
        label="Nội dung đánh giá"
        placeholder="Viết cảm nhận của bạn về truyện…"
        maxLength={MAX_REVIEW_LENGTH}
        initial={existing?.content}
        submitLabel={existing ? 'Lưu đánh giá' : 'Gửi đánh giá'}
        ready={rating >= 1}
        rows={4}
        onCancel={onCancel}
        onSubmit={(text) => onSave(rating, text)}
      >
        <StarPicker value={rating} onChange={setRating} />
      </TextComposer>
    </div>
  );
}
