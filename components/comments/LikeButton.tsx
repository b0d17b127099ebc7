import { ThumbsUp } from 'lucide-react';

interface Props {
  liked: boolean;
  likes: number;
  /** What is liked, for the button's name: "bình luận", "đánh giá". */
  what: string;
  disabled?: boolean;
  onToggle: () => void;
}

/** A like toggle with its count; its name says what pressing it will do. */
export function LikeButton({ liked, likes, what, disabled, onToggle }: Props) {
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={disabled}
      aria-pressed={liked}
      aria-label={`${liked ? 'Bỏ thích' : 'Thích'} ${what} (${likes} lượt thích)`}
      className={`inline-flex min-h-8 items-center gap-1 rounded-full px-2 py-1 text-xs font-medium transition-colors hover:bg-ink/5 disabled:opacity-50 dark:hover:bg-white/10 ${
        liked ? 'text-brand dark:text-brand-dark' : 'text-ink-soft dark:text-neutral-400'
      }`}
    >
      <ThumbsUp size={15} aria-hidden fill={liked ? 'currentColor' : 'none'} />
      <span>{likes}</span>
    </button>
  );
}
