import { MessageSquare, Pencil } from 'lucide-react';
import { useState } from 'react';
import { MAX_COMMENT_LENGTH, type Comment, type CommunityUser } from '@/lib/api/community';
import type { Thread } from '@/hooks/useComments';
import { ReportButton } from '../report/ReportButton';
import { authorName, Avatar } from './Avatar';
import { ACTION, ConfirmDelete } from './ConfirmDelete';
import { LikeButton } from './LikeButton';
import { RelativeTime } from './RelativeTime';
import { TextComposer } from './TextComposer';

export interface CommentActions {
  viewer: CommunityUser | null;
  askSignIn: () => void;
  /** Resolve true when saved, false when failed, or the server's refusal to show in the form. */
  post: (content: string, author: CommunityUser, root?: Comment) => Promise<boolean | string>;
  edit: (comment: Comment, content: string) => Promise<boolean | string>;
  remove: (comment: Comment) => void;
  toggleLike: (comment: Comment) => void;
  loadReplies: (root: Comment) => void;
  hideReplies: (root: Comment) => void;
}

interface Props {
  comment: Comment;
  thread?: Thread;
  actions: CommentActions;
}

/** One comment (text only, never HTML) with its actions; a top-level one also shows its replies. */
export function CommentItem({ comment, thread, actions }: Props) {
  const { viewer } = actions;
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const pending = comment._id.startsWith('pending-');
  const own = Boolean(viewer && comment.user?._id === viewer._id);
  const isRoot = comment.parentId === null;
  const name = authorName(comment.user);

  return (
    <li className="flex gap-3" data-testid="comment" data-comment-id={comment._id} aria-busy={pending}>
      <Avatar user={comment.deleted ? null : comment.user} size={isRoot ? 36 : 28} />
      <div className="min-w-0 flex-1">
        {comment.deleted ? (
          <p className="py-1 text-sm italic text-ink-soft dark:text-neutral-400">Bình luận đã bị xóa</p>
        ) : (
          <>
            <div className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-sm font-semibold">{name}</span>
              <RelativeTime time={comment.createdAt} edited={comment.updatedAt - comment.createdAt > 1_000} />
            </div>
            {editing ? (
              <div className="mt-1">
                <TextComposer
                  label="Sửa bình luận"
                  maxLength={MAX_COMMENT_LENGTH}
                  initial={comment.content}
                  submitLabel="Lưu"
                  autoFocus
                  onCancel={() => setEditing(false)}
                  onSubmit={async (text) => {
                    // The editor stays until saved: a refusal (a muted reader) is shown in it.
                    const saved = await actions.edit(comment, text);
                    if (saved === true) setEditing(false);
                    return saved;
                  }}
                />
              </div>
            ) : (
              <p className="mt-0.5 whitespace-pre-wrap break-words text-[15px] leading-relaxed" data-testid="comment-content">
                {comment.content}
              </p>
            )}
          </>
        )}
        {!pending && !editing && (
          <div className="mt-1 flex flex-wrap items-center gap-1">
            {!comment.deleted && (
              <LikeButton liked={comment.liked} likes={comment.likes} what={`bình luận của ${name}`} onToggle={() => (viewer ? actions.toggleLike(comment) : actions.askSignIn())} />
            )}
            {isRoot && !comment.deleted && (
              <button type="button" className={ACTION} onClick={() => (viewer ? setReplying((open) => !open) : actions.askSignIn())} aria-expanded={replying}>
                <MessageSquare size={14} aria-hidden />
                Trả lời
              </button>
            )}
            {own && !comment.deleted && (
              <>
                <button type="button" className={ACTION} onClick={() => setEditing(true)} aria-label="Sửa bình luận">
                  <Pencil size={14} aria-hidden />
                  Sửa
                </button>
                <ConfirmDelete what="bình luận" onConfirm={() => actions.remove(comment)} />
              </>
            )}
            {!own && !comment.deleted && <ReportButton subject={{ type: 'comment', id: comment._id, label: `bình luận của ${name}` }} className={ACTION} />}
          </div>
        )}
        {replying && viewer && (
          <div className="mt-2">
            <TextComposer
              label={`Trả lời ${name}`}
              maxLength={MAX_COMMENT_LENGTH}
              submitLabel="Gửi trả lời"
              rows={2}
              autoFocus
              onCancel={() => setReplying(false)}
              onSubmit={async (text) => {
                const saved = await actions.post(text, viewer, comment);
                if (saved === true) setReplying(false);
                return saved;
              }}
            />
          </div>
        )}
        {isRoot && <Replies root={comment} thread={thread} actions={actions} />}
      </div>
    </li>
  );
}

function Replies({ root, thread, actions }: { root: Comment; thread?: Thread; actions: CommentActions }) {
  const shown = thread?.open ? thread.items : [];
  const hidden = Math.max(0, root.replies - shown.length);
  return (
    <>
      {shown.length > 0 && (
        <ul className="mt-3 flex flex-col gap-3 border-l-2 border-ink/10 pl-3 dark:border-night-line" aria-label={`Phản hồi cho ${authorName(root.user)}`}>
          {shown.map((reply) => (
            <CommentItem key={reply._id} comment={reply} actions={actions} />
          ))}
        </ul>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        {hidden > 0 && (
          <button
            type="button"
            disabled={thread?.loading}
            onClick={() => (actions.viewer ? actions.loadReplies(root) : actions.askSignIn())}
            className="text-sm font-semibold text-brand hover:underline disabled:opacity-60 dark:text-brand-dark"
          >
            {thread?.loading ? 'Đang tải phản hồi…' : shown.length > 0 ? `Xem thêm ${hidden} phản hồi` : `Xem ${hidden} phản hồi`}
          </button>
        )}
        {shown.length > 0 && (
          <button type="button" onClick={() => actions.hideReplies(root)} className="text-sm text-ink-soft hover:underline dark:text-neutral-400">
            Ẩn phản hồi
          </button>
        )}
      </div>
    </>
  );
}
