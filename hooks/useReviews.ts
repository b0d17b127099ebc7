import { useCallback } from 'react';
import * as community from '@/lib/api/community';
import type { Review, ReviewPage, ReviewSort } from '@/lib/api/community';
import { describe, refusalMessage } from '@/lib/api/policy';
import { emptyPagedList, toggleLikeOptimistically, type PagedList } from '@/lib/pagedList';
import { usePagedList } from './usePagedList';

const PER_PAGE = 10;

interface ReviewFields {
  summary: { avg: number; count: number };
  mine: Review | null;
  sort: ReviewSort;
}

export type ReviewsState = PagedList<Review, ReviewFields>;

const initial = (): ReviewsState => ({ ...emptyPagedList<Review>(), summary: { avg: 0, count: 0 }, mine: null, sort: 'new' });
const firstPageFields = (answer: ReviewPage): Partial<ReviewFields> => ({ summary: answer.summary, mine: answer.mine });

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
  const fetchPage = useCallback(
    (page: number, { sort }: ReviewsState) => community.searchReviews({ truyenId, sort, page, perpage: PER_PAGE }),
    [truyenId],
  );
  const loadMoreFailed = useCallback(() => onError('Không tải được thêm đánh giá.'), [onError]);
  const { data, store, load: loadFirstPage, loadMore } = usePagedList({ initial, fetchPage, firstPageFields, enabled, viewerId, loadMoreFailed });

  /** The first page again, in the order `sort`. */
  const load = useCallback((sort: ReviewSort) => loadFirstPage({ sort }), [loadFirstPage]);

  /** The story's average and count after a write (the server recomputes them). */
  const refreshSummary = useCallback(async () => {
    const answer = await community.searchReviews({ truyenId, sort: store.get().sort, page: 0, perpage: 1 });
    if (answer) store.update((current) => ({ ...current, summary: answer.summary, total: answer.total }));
  }, [truyenId, store]);

  const restore = useCallback(
    (before: ReviewsState) => store.update((current) => ({ ...current, mine: before.mine, items: before.items, total: before.total })),
    [store],
  );

  /**
   * Creates or replaces the visitor's review; resolves false when it failed (the form keeps its
   * text), or the server's reason when the account may not write (a muted reader), for the form.
   */
  const save = useCallback(
    async (rating: number, content: string, author: Review['user']): Promise<boolean | string> => {
      const before = store.get();
      const now = Date.now();
      const draft: Review = before.mine
        ? { ...before.mine, rating, content, updatedAt: now }
        : { _id: `pending-${now}`, truyenId, user: author, rating, content, likes: 0, liked: false, createdAt: now, updatedAt: now };
      store.update((current) => ({
        ...current,
        mine: draft,
        items: current.mine ? replaceReview(current.items, draft) : [draft, ...current.items],
        total: current.mine ? current.total : current.total + 1,
      }));
      try {
        const saved = await community.saveReview(truyenId, rating, content);
        store.update((current) => ({ ...current, mine: saved, items: current.items.map((item) => (item._id === draft._id ? saved : item)) }));
        await refreshSummary();
        return true;
      } catch (error) {
        restore(before);
        const refusal = refusalMessage(error);
        if (refusal) return refusal;
        onError(`Không lưu được đánh giá: ${describe(error)}`);
        return false;
      }
    },
    [truyenId, onError, refreshSummary, restore, store],
  );

  const remove = useCallback(
    async (review: Review) => {
      const before = store.get();
      store.update((current) => ({
        ...current,
        mine: current.mine?._id === review._id ? null : current.mine,
        items: current.items.filter((item) => item._id !== review._id),
        total: Math.max(0, current.total - 1),
      }));
      try {
        await community.deleteReview(review._id);
        await refreshSummary();
      } catch (error) {
        restore(before);
        onError(`Không xóa được đánh giá: ${describe(error)}`);
      }
    },
    [onError, refreshSummary, restore, store],
  );

  const toggleLike = useCallback(
    (review: Review) => {
      const flip = (item: Review, liked: boolean, likes: number) => (item._id === review._id ? { ...item, liked, likes } : item);
      const show = (liked: boolean, likes: number) =>
        store.update((current) => ({
          ...current,
          items: current.items.map((item) => flip(item, liked, likes)),
          mine: current.mine ? flip(current.mine, liked, likes) : null,
        }));
      return toggleLikeOptimistically(review, show, () => community.toggleReviewLike(review._id), (error) =>
        onError(`Không thích được đánh giá: ${describe(error)}`),
      );
    },
    [onError, store],
  );

  return { ...data, load, loadMore, save, remove, toggleLike };
}
