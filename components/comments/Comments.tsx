import { MessagesSquare } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { useComments } from '@/hooks/useComments';
import { MAX_COMMENT_LENGTH, type CommunityUser } from '@/lib/api/community';
import { CommentItem, type CommentActions } from './CommentItem';
import { SignInPrompt } from './SignInPrompt';
import { TextComposer } from './TextComposer';

interface Props {
  truyenId: string;
  /** The chapter index for the comments under a chapter; none for the story page. */
  chapter?: number;
}

/**
 * The comments of a story page or of one chapter, loaded in the browser once mounted (the pages
 * mount them when scrolled near, components/ui/WhenNear.tsx);
 * signed-out readers read and are asked to sign in to write, reply or like.
 */
export function Comments({ truyenId, chapter }: Props) {
  const { status, user, openSignIn, notify } = useAuth();
  const settled = status === 'signedIn' || status === 'signedOut';
  const onError = useCallback((text: string) => notify({ text, tone: 'error' }), [notify]);
  const viewer: CommunityUser | null = useMemo(() => (user ? { _id: user._id, username: user.username, avatar: user.avatar } : null), [user]);
  const comments = useComments({ truyenId, chapter, enabled: settled, viewerId: viewer?._id ?? null, onError });
  const { post, edit, remove, toggleLike, loadReplies, hideReplies } = comments;

  const actions: CommentActions = useMemo(
    () => ({ viewer, askSignIn: () => openSignIn('login'), post, edit, remove, toggleLike, loadReplies, hideReplies }),
    [viewer, openSignIn, post, edit, remove, toggleLike, loadReplies, hideReplies],
  );
  const headingId = chapter ? `binh-luan-chuong-${chapter}` : 'binh-luan-truyen';

  return (
    <div className="flex flex-col gap-4" data-testid="comments">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        <MessagesSquare size={20} aria-hidden />
        Bình luận{comments.state === 'ready' ? ` (${comments.total.toLocaleString('vi-VN')})` : ''}
      </h2>

      {viewer ? (
        <TextComposer
          label={chapter ? `Bình luận về chương ${chapter}` : 'Viết bình luận'}
          placeholder="Chia sẻ cảm nghĩ của bạn…"
          maxLength={MAX_COMMENT_LENGTH}
          submitLabel="Gửi bình luận"
          onSubmit={(text) => post(text, viewer)}
        />
      ) : (
        status !== 'restoring' && <SignInPrompt text="Đăng nhập để bình luận, trả lời và thích bình luận." />
      )}

      {(comments.state === 'idle' || comments.state === 'loading') && (
        <p role="status" className="animate-pulse py-4 text-sm text-ink-soft dark:text-neutral-400">
          Đang tải bình luận…
        </p>
      )}
      {comments.state === 'error' && (
        <p role="alert" className="text-sm">
          Không tải được bình luận.{' '}
          <button type="button" onClick={() => void comments.load()} className="font-semibold text-brand underline dark:text-brand-dark">
            Thử lại
          </button>
        </p>
      )}
      {comments.state === 'ready' && comments.items.length === 0 && (
        <p className="py-4 text-sm text-ink-soft dark:text-neutral-400">Chưa có bình luận nào. Hãy là người đầu tiên!</p>
      )}

      {comments.items.length > 0 && (
        <ul className="flex flex-col gap-5">
          {comments.items.map((comment) => (
            <CommentItem key={comment._id} comment={comment} thread={comments.threads[comment._id]} actions={actions} />
          ))}
        </ul>
      )}

      {comments.state === 'ready' && comments.items.length < comments.total && (
        <button
          type="button"
          onClick={() => void comments.loadMore()}
          disabled={comments.loadingMore}
          className="self-center rounded-full border border-ink/20 px-5 py-2 text-sm font-semibold hover:bg-ink/5 disabled:opacity-60 dark:border-night-line dark:hover:bg-white/10"
        >
          {comments.loadingMore ? 'Đang tải…' : `Xem thêm bình luận (${comments.total - comments.items.length})`}
        </button>
      )}
    </div>
  );
}
