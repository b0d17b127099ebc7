import { Eye, EyeOff, Star } from 'lucide-react';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { moderateWriting, type WritingKind } from '@/lib/api/admin';
import { chapterUrl, storyUrl } from '@/lib/routes';
import { formatDateTime } from '../format';
import { ReasonDialog } from '../ReasonDialog';
import { Badge, BUTTON } from '../ui';

export interface Writing {
  _id: string;
  story: { slug: string; title: string } | null;
  chapter?: number | null;
  rating?: number;
  content: string;
  hidden: boolean;
  deleted?: boolean;
  createdAt: number;
}

/**
 * A comment or a review as the operator sees it (hidden and deleted ones too), with hide or
 * restore; the new state shows at once.
 */
export function WritingItem({ kind, writing, context, onChanged }: { kind: WritingKind; writing: Writing; context?: ReactNode; onChanged?: () => void }) {
  const { notify } = useAuth();
  const [hidden, setHidden] = useState(writing.hidden);
  const [asking, setAsking] = useState<'hide' | 'restore' | null>(null);
  const noun = kind === 'comments' ? 'bình luận' : 'đánh giá';
  const where = writing.story ? (writing.chapter ? chapterUrl(writing.story.slug, writing.chapter) : storyUrl(writing.story.slug)) : null;

  return (
    <li className="rounded-lg border border-ink/10 p-3 dark:border-night-line" data-testid="admin-writing">
      <div className="mb-1 flex flex-wrap items-center gap-2 text-sm">
        {where && writing.story ? (
          <Link prefetch={false} href={where} target="_blank" className="font-semibold text-brand underline-offset-2 hover:underline dark:text-brand-dark">
            {writing.story.title}
            {writing.chapter ? ` · Chương ${writing.chapter}` : ''}
          </Link>
        ) : (
          <span className="font-semibold">Truyện không còn</span>
        )}
        {writing.rating !== undefined && (
          <span className="inline-flex items-center gap-0.5" aria-label={`${writing.rating} sao`}>
            <Star size={14} aria-hidden className="fill-amber-400 text-amber-500" /> {writing.rating}
          </span>
        )}
        {hidden && <Badge tone="bad">Đã ẩn</Badge>}
        {writing.deleted && <Badge>Người viết đã xóa</Badge>}
        <span className="ml-auto text-xs text-ink-soft dark:text-neutral-400">{formatDateTime(writing.createdAt)}</span>
      </div>
      {context && <p className="mb-1 text-xs text-ink-soft dark:text-neutral-400">{context}</p>}
      <p className="whitespace-pre-wrap break-words text-sm">{writing.content}</p>
      <div className="mt-2">
        {hidden ? (
          <button type="button" className={BUTTON.secondary} onClick={() => setAsking('restore')}>
            <Eye size={16} aria-hidden /> Hiện lại
          </button>
        ) : (
          <button type="button" className={BUTTON.secondary} onClick={() => setAsking('hide')}>
            <EyeOff size={16} aria-hidden /> Ẩn {noun}
          </button>
        )}
      </div>
      {asking && (
        <ReasonDialog
          title={asking === 'hide' ? `Ẩn ${noun}` : `Hiện lại ${noun}`}
          description={asking === 'hide' ? 'Độc giả sẽ không còn thấy nội dung này; số đếm và điểm đánh giá được tính lại.' : undefined}
          confirmLabel={asking === 'hide' ? 'Ẩn' : 'Hiện lại'}
          danger={asking === 'hide'}
          onClose={() => setAsking(null)}
          onConfirm={async (reason) => {
            const result = await moderateWriting(kind, writing._id, asking, reason);
            setHidden(result.hidden);
            setAsking(null);
            notify({ text: result.hidden ? `Đã ẩn ${noun}.` : `Đã hiện lại ${noun}.`, tone: 'success' });
            onChanged?.();
          }}
        />
      )}
    </li>
  );
}
