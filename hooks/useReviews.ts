import { useCallback, useEffect, useRef, useState } from 'react';
import * as community from '@/lib/api/community';
import type { Review, ReviewPage, ReviewSort } from '@/lib/api/community';
import { describe } from '@/lib/api/policy';

const PER_PAGE = 10;

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

export interface ReviewsState {
  state: LoadState;
  items: Review[];
  total: number;
  summary: { avg: number; count: number };
  mine: Review | null;
  sort: ReviewSort;
  loadingMore: boolean;
}

const EMPTY: ReviewsState = {
  state: 'idle',
  items: [],
  total: 0,
  summary: { avg: 0, count: 0 },
  mine: null,
  sort: 'new',
  loadingMore: false,
};

interface Options {
  truyenId: string;
  /** Load only once the section is near the screen and the visitor's session is known. */
  enabled: boolean;
  /** Changes when the visitor signs in or out: `liked` and `mine` depend on it. */
  viewerId: string | null;
  onError: (message: string) => void;
}

const replaceReview = (list: Review[], review: Review) => list.map((item) => (item._id === review._id ? review : item));

/** A story's reviews with optimistic writes: each change shows at once and is undone when refused. */
export function useReviews({ truyenId, enabled, viewerId, onError }: Options) {
  const [data, setData] = useState<ReviewsState>(EMPTY);
  // The latest state, for rolling back and for paging without re-creating the callbacks.
  const snapshot = useRef(data);
  useEffect(() => {
    snapshot.current = data;
  }, [data]);
  const pages = useRef(0);

  const fetchFirstPage = useCallback(
    async (sort: ReviewSort) => {
      const answer = await community.searchReviews({ truyenId, sort, page: 0, perpage: PER_PAGE });
      pages.current = 1;
      setData((current) => (answer ? fromPage(answer, sort) : { ...current, state: 'error' }));
    },
    [truyenId],
  );

  // Loaded reviews stay on screen while a newer first page (e.g. after signing in) is fetched;
  // an answer that arrives after a newer request started is dropped.
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const sort = snapshot.current.sort;
    void community.searchReviews({ truyenId, sort, page: 0, perpage: PER_PAGE }).then((answer) => {
      if (!current) return;
      pages.current = 1;
      setData((state) => (answer ? fromPage(answer, sort) : { ...state, state: 'error' }));
    });
    return () => {
      current = false;
    };
  }, [enabled, viewerId, truyenId]);

  /** The first page again, in the order `sort`. */
  const load = useCallback(
    (sort: ReviewSort) => {
      setData((current) => ({ ...current, sort, state: 'loading' }));
      return fetchFirstPage(sort);
    },
    [fetchFirstPage],
  );

  const loadMore = useCallback(async () => {
    const { sort } = snapshot.current;
    setData((current) => ({ ...current, loadingMore: true }));
    const answer = await community.searchReviews({ truyenId, sort, page: pages.current, perpage: PER_PAGE });
    if (answer) pages.current += 1;
    setData((current) => {
      if (!answer) return { ...current, loadingMore: false };
      const known = new Set(current.items.map((item) => item._id));
      return { ...current, loadingMore: false, total: answer.total, items: [...current.items, ...answer.results.filter((item) => !known.has(item._id))] };
    });
    if (!answer) onError('Không tải được thêm đánh giá.');
  }, [truyenId, onError]);

  /** The story's average and count after a write (the server recomputes them). */
  const refreshSummary = useCallback(async () => {
    const answer = await community.searchReviews({ truyenId, sort: snapshot.current.sort, page: 0, perpage: 1 });
    if (answer) setData((current) => ({ ...current, summary: answer.summary, total: answer.total }));
  }, [truyenId]);

  /** Creates or replaces the visitor's review; resolves false when refused (the form keeps its text). */
  const save = useCallback(
    async (rating: number, content: string, author: Review['user']): Promise<boolean> => {
      const before = snapshot.current;
      const now = Date.now();
      const draft: Review = before.mine
        ? { ...before.mine, rating, content, updatedAt: now }
        : { _id: `pending-${now}`, truyenId, user: author, rating, content, likes: 0, liked: false, createdAt: now, updatedAt: now };
      setData((current) => ({
        ...current,
        mine: draft,
        items: current.mine ? replaceReview(current.items, draft) : [draft, ...current.items],
        total: current.mine ? current.total : current.total + 1,
      }));
      try {
        const saved = await community.saveReview(truyenId, rating, content);
        setData((current) => ({ ...current, mine: saved, items: current.items.map((item) => (item._id === draft._id ? saved : item)) }));
        await refreshSummary();
        return true;
      } catch (error) {
        setData((current) => ({ ...current, mine: before.mine, items: before.items, total: before.total }));
        onError(`Không lưu được đánh giá: ${describe(error)}`);
        return false;
      }
    },
    [truyenId, onError, refreshSummary],
  );

  const remove = useCallback(
    async (review: Review) => {
      const before = snapshot.current;
      setData((current) => ({
        ...current,
        mine: current.mine?._id === review._id ? null : current.mine,
        items: current.items.filter((item) => item._id !== review._id),
        total: Math.max(0, current.total - 1),
      }));
      try {
        await community.deleteReview(review._id);
        await refreshSummary();
      } catch (error) {
        setData((current) => ({ ...current, mine: before.mine, items: before.items, total: before.total }));
        onError(`Không xóa được đánh giá: ${describe(error)}`);
      }
    },
    [onError, refreshSummary],
  );

  const toggleLike = useCallback(
    async (review: Review) => {
      const flip = (item: Review, liked: boolean, likes: number) => (item._id === review._id ? { ...item, liked, likes } : item);
      const apply = (liked: boolean, likes: number) =>
        setData((current) => ({
          ...current,
          items: current.items.map((item) => flip(item, liked, likes)),
          mine: current.mine ? flip(current.mine, liked, likes) : null,
        }));
      apply(!review.liked, review.likes + (review.liked ? -1 : 1));
      try {
        const state = await community.toggleReviewLike(review._id);
        apply(state.liked, state.likes);
      } catch (error) {
        apply(review.liked, review.likes);
        onError(`Không thích được đánh giá: ${describe(error)}`);
      }
    },
    [onError],
  );

  return { ...data, load, loadMore, save, remove, toggleLike };
}

function fromPage(answer: ReviewPage, sort: ReviewSort): ReviewsState {
  return { state: 'ready', items: answer.results, total: answer.total, summary: answer.summary, mine: answer.mine, sort, loadingMore: false };
}
