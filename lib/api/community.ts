import type { Paged } from '../types';
import { api } from './client';
import { loudly, quietly } from './policy';

/** Shapes of the reviews and comments endpoints (../shared/API.md, "Reviews and comments"). */

/** Longest texts accepted, in characters after trimming. */
export const MAX_REVIEW_LENGTH = 5_000;
export const MAX_COMMENT_LENGTH = 2_000;

/** The author of a review or comment; null once their account is deleted (or the comment is). */
export interface CommunityUser {
  _id: string;
  username: string;
  avatar: string | null;
}

export interface Review {
  _id: string;
  truyenId: string;
  user: CommunityUser | null;
  rating: number;
  content: string;
  likes: number;
  liked: boolean;
  createdAt: number;
  updatedAt: number;
}

export type ReviewSort = 'new' | 'liked';

export interface ReviewPage extends Paged<Review> {
  summary: { avg: number; count: number };
  /** The caller's own review of the story (null when none or signed out). */
  mine: Review | null;
}

export interface Comment {
  _id: string;
  truyenId: string;
  chapter: number | null;
  parentId: string | null;
  user: CommunityUser | null;
  content: string;
  likes: number;
  liked: boolean;
  replies: number;
  deleted: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface LikeState {
  liked: boolean;
  likes: number;
}

export interface ReviewQuery {
  truyenId: string;
  page?: number;
  perpage?: number;
  sort?: ReviewSort;
}

export interface CommentQuery {
  truyenId: string;
  chapter?: number;
  page?: number;
  perpage?: number;
}

export interface NewComment {
  truyenId: string;
  content: string;
  parentId?: string;
  chapter?: number;
}

type Message<T> = { message: T };

// Reads log and return nothing on failure (spec §8); the UI shows its own "could not load" state.
export const searchReviews = (query: ReviewQuery) =>
  quietly('reviews/search', async () => (await api.post<ReviewPage>('/reviews/search', query)).data);

export const topLevelComments = (query: CommentQuery) =>
  quietly('comments/top-level', async () => (await api.post<Paged<Comment>>('/comments/top-level', query)).data);

// Writes, updates, deletes and likes log and rethrow (spec §8) so optimistic updates roll back.
export const childComments = (commentId: string, page = 0, perpage?: number) =>
  loudly('comments/child', async () => (await api.post<Paged<Comment>>('/comments/child', { commentId, page, perpage })).data);

export const saveReview = (truyenId: string, rating: number, content: string) =>
  loudly('reviews/create-update', async () => (await api.post<Message<Review>>('/reviews/create-update', { truyenId, rating, content })).data.message);

export const deleteReview = (reviewId: string) =>
  loudly('reviews/delete', async () => {
    await api.delete('/reviews/delete', { data: { reviewId } });
  });

export const toggleReviewLike = (reviewId: string) =>
  loudly('reviews/toggle-like', async () => (await api.post<Message<LikeState>>('/reviews/toggle-like', { reviewId })).data.message);

export const createComment = (input: NewComment) =>
  loudly('comments/create', async () => (await api.post<Message<Comment>>('/comments/create', input)).data.message);

export const updateComment = (commentId: string, content: string) =>
  loudly('comments/update', async () => (await api.put<Message<Comment>>('/comments/update', { commentId, content })).data.message);

export const deleteComment = (commentId: string) =>
  loudly('comments/delete', async () => {
    await api.delete('/comments/delete', { data: { commentId } });
  });

export const toggleCommentLike = (commentId: string) =>
  loudly('comments/toggle-like', async () => (await api.post<Message<LikeState>>('/comments/toggle-like', { commentId })).data.message);
