import { useCallback } from 'react';
import * as community from '@/lib/api/community';
import type { Comment, CommunityUser } from '@/lib/api/community';
import { describe, refusalMessage } from '@/lib/api/policy';
import { appendNew, emptyPagedList, toggleLikeOptimistically, type PagedList } from '@/lib/pagedList';
import { usePagedList } from './usePagedList';

const PER_PAGE = 20;
const REPLIES_PER_PAGE = 10;

/** The loaded replies of one top-level comment. */
export interface Thread {
  items: Comment[];
  total: number;
  pages: number;
  loading: boolean;
  open: boolean;
}

type CommentsState = PagedList<Comment, { threads: Record<string, Thread> }>;

const initial = (): CommentsState => ({ ...emptyPagedList<Comment>(), threads: {} });
const firstPageFields = () => ({ threads: {} });
const NO_THREAD: Thread = { items: [], total: 0, pages: 0, loading: false, open: false };

interface Options {
  truyenId: string;
  chapter?: number;
  enabled: boolean;
  viewerId: string | null;
  onError: (message: string) => void;
}

type Change = (comment: Comment) => Comment;

/** Applies `change` to the comment `id` wherever it is shown (top level or a thread). */
function mapComment(state: CommentsState, id: string, change: Change): CommentsState {
  const threads: Record<string, Thread> = {};
  for (const [key, thread] of Object.entries(state.threads)) {
    threads[key] = { ...thread, items: thread.items.map((item) => (item._id === id ? change(item) : item)) };
  }
  return { ...state, items: state.items.map((item) => (item._id === id ? change(item) : item)), threads };
}

function withThread(state: CommentsState, rootId: string, change: (thread: Thread) => Thread): CommentsState {
  return { ...state, threads: { ...state.threads, [rootId]: change(state.threads[rootId] ?? NO_THREAD) } };
}

function pendingComment(truyenId: string, chapter: number | null, parentId: string | null, content: string, user: CommunityUser): Comment {
  const now = Date.now();
  return { _id: `pending-${now}-${Math.random().toString(36).slice(2, 8)}`, truyenId, chapter, parentId, user, content, likes: 0, liked: false, replies: 0, deleted: false, createdAt: now, updatedAt: now };
}

/** Top-level comments (paged) and their replies (loaded on demand), with optimistic writes. */
export function useComments({ truyenId, chapter, enabled, viewerId, onError }: Options) {
  const fetchPage = useCallback((page: number) => community.topLevelComments({ truyenId, chapter, page, perpage: PER_PAGE }), [truyenId, chapter]);
  const loadMoreFailed = useCallback(() => onError('Không tải được thêm bình luận.'), [onError]);
  const { data, store, load: loadFirstPage, loadMore } = usePagedList({ initial, fetchPage, firstPageFields, enabled, viewerId, loadMoreFailed });

  const load = useCallback(() => loadFirstPage(), [loadFirstPage]);

  /** Loads the next page of a comment's replies and opens its thread. */
  const loadReplies = useCallback(
    async (root: Comment) => {
      const thread = store.get().threads[root._id] ?? NO_THREAD;
      if (!thread.open && thread.items.length > 0) {
        store.update((current) => withThread(current, root._id, (t) => ({ ...t, open: true })));
        return;
      }
      store.update((current) => withThread(current, root._id, (t) => ({ ...t, loading: true, open: true })));
      try {
        const answer = await community.childComments(root._id, thread.pages, REPLIES_PER_PAGE);
        store.update((current) =>
          withThread(current, root._id, (t) => ({ items: appendNew(t.items, answer.results), total: answer.total, pages: t.pages + 1, loading: false, open: true })),
        );
      } catch (error) {
        store.update((current) => withThread(current, root._id, (t) => ({ ...t, loading: false, open: t.items.length > 0 })));
        onError(`Không tải được phản hồi: ${describe(error)}`);
      }
    },
    [onError, store],
  );

  const hideReplies = useCallback(
    (root: Comment) => store.update((current) => withThread(current, root._id, (t) => ({ ...t, open: false }))),
    [store],
  );

  /**
   * Posts a comment, or a reply to `root`; resolves false when it failed (the form keeps its text),
   * or the server's reason when the account may not write (a muted reader), for the form to show.
   */
  const post = useCallback(
    async (content: string, author: CommunityUser, root?: Comment): Promise<boolean | string> => {
      const draft = pendingComment(truyenId, chapter ?? null, root?._id ?? null, content, author);
      const insert = (current: CommentsState) =>
        root
          ? withThread(mapComment(current, root._id, (c) => ({ ...c, replies: c.replies + 1 })), root._id, (t) => ({ ...t, open: true, total: t.total + 1, items: [...t.items, draft] }))
          : { ...current, total: current.total + 1, items: [draft, ...current.items] };
      store.update(insert);
      try {
        const saved = await community.createComment({ truyenId, content, chapter, parentId: root?._id });
        store.update((current) => mapComment(current, draft._id, () => saved));
        return true;
      } catch (error) {
        store.update((current) => {
          const without = { ...current, items: current.items.filter((item) => item._id !== draft._id) };
          if (!root) return { ...without, total: Math.max(0, current.total - 1) };
          const counted = mapComment(without, root._id, (c) => ({ ...c, replies: Math.max(0, c.replies - 1) }));
          return withThread(counted, root._id, (t) => ({ ...t, total: Math.max(0, t.total - 1), items: t.items.filter((item) => item._id !== draft._id) }));
        });
        const refusal = refusalMessage(error);
        if (refusal) return refusal;
        onError(`Không gửi được bình luận: ${describe(error)}`);
        return false;
      }
    },
    [truyenId, chapter, onError, store],
  );

  /** Edits the visitor's own comment; resolves as `post` does. */
  const edit = useCallback(
    async (comment: Comment, content: string): Promise<boolean | string> => {
      store.update((current) => mapComment(current, comment._id, (c) => ({ ...c, content, updatedAt: Date.now() })));
      try {
        const saved = await community.updateComment(comment._id, content);
        store.update((current) => mapComment(current, comment._id, (c) => ({ ...saved, replies: c.replies })));
        return true;
      } catch (error) {
        store.update((current) => mapComment(current, comment._id, (c) => ({ ...c, content: comment.content, updatedAt: comment.updatedAt })));
        const refusal = refusalMessage(error);
        if (refusal) return refusal;
        onError(`Không sửa được bình luận: ${describe(error)}`);
        return false;
      }
    },
    [onError, store],
  );

  /** Deletes the visitor's own comment: with replies it stays as deleted, otherwise it goes. */
  const remove = useCallback(
    async (comment: Comment) => {
      const before = store.get();
      store.update((current) => removeLocally(current, comment));
      try {
        await community.deleteComment(comment._id);
      } catch (error) {
        store.update(() => before);
        onError(`Không xóa được bình luận: ${describe(error)}`);
      }
    },
    [onError, store],
  );

  const toggleLike = useCallback(
    (comment: Comment) => {
      const show = (liked: boolean, likes: number) => store.update((current) => mapComment(current, comment._id, (c) => ({ ...c, liked, likes })));
      return toggleLikeOptimistically(comment, show, () => community.toggleCommentLike(comment._id), (error) =>
        onError(`Không thích được bình luận: ${describe(error)}`),
      );
    },
    [onError, store],
  );

  return { ...data, load, loadMore, loadReplies, hideReplies, post, edit, remove, toggleLike };
}

/** What the server does on delete (server/services/comments.ts), done ahead on the screen. */
function removeLocally(state: CommentsState, comment: Comment): CommentsState {
  if (comment.replies > 0) return mapComment(state, comment._id, (c) => ({ ...c, deleted: true, content: '', user: null }));
  if (!comment.parentId) {
    return { ...state, total: Math.max(0, state.total - 1), items: state.items.filter((item) => item._id !== comment._id) };
  }
  const rootId = comment.parentId;
  const thread = withThread(state, rootId, (t) => ({ ...t, total: Math.max(0, t.total - 1), items: t.items.filter((item) => item._id !== comment._id) }));
  const counted = mapComment(thread, rootId, (c) => ({ ...c, replies: Math.max(0, c.replies - 1) }));
  const root = counted.items.find((item) => item._id === rootId);
  // A deleted comment whose last reply goes is removed too.
  if (root?.deleted && root.replies === 0) {
    return { ...counted, total: Math.max(0, counted.total - 1), items: counted.items.filter((item) => item._id !== rootId) };
  }
  return counted;
}
