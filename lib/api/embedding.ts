import type { StoryStatus } from '../types';
import { api } from './client';
import { describe, quietly } from './policy';

/** Shapes of the embedding (Nhúng) endpoints, shared by the server and the browser. */

/** What a pasted link points at, before anything is stored. */
export interface EmbedPreview {
  site: { id: string; name: string };
  sourceUrl: string;
  title: string;
  originalTitle: string;
  author: string;
  originalAuthor: string;
  cover: string | null;
  genres: string[];
  originalGenres: string[];
  status: StoryStatus;
  description: string;
  chapterCount: number;
  latestChapter: { index: number; title: string; originalTitle: string } | null;
  /** The chapter a chapter link names, when it is in the list. */
  chapter: { index: number; title: string } | null;
  /** The story already embedded from this source, if any. */
  existing: { slug: string } | null;
}

export interface EmbedResult {
  storyId: string;
  slug: string;
  created: boolean;
  /** Set for a chapter link: the chapter to open. */
  chapter: number | null;
}

export interface FollowState {
  follow: boolean;
  chapters: number;
  seenChapters: number;
  /** Chapters added since the reader last looked (0 when not following). */
  newChapters: number;
}

export interface StoryNames {
  storyId: string;
  /** 中文 → Vietnamese, the union of every reader's list for the story. */
  names: Record<string, string>;
  /** The signed-in caller's own list (empty when signed out). */
  mine: Record<string, string>;
}

/** An answer or the API's Vietnamese message: the embedding page shows failures to the reader. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

async function outcome<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    const status = (error as { response?: { status?: number } })?.response?.status;
    const message = status === undefined && !(error as { response?: unknown })?.response
      ? 'Không kết nối được máy chủ, vui lòng thử lại.'
      : describe(error);
    return { ok: false, message };
  }
}

/** POST /embedding/preview {link} */
export function previewLink(link: string): Promise<Outcome<EmbedPreview>> {
  return outcome(async () => (await api.post<{ message: EmbedPreview }>('/embedding/preview', { link }, { timeout: 90_000 })).data.message);
}

/** POST /embedding/embed {link}: creates or reuses the story. */
export function embedLink(link: string): Promise<Outcome<EmbedResult>> {
  return outcome(async () => (await api.post<{ message: EmbedResult }>('/embedding/embed', { link }, { timeout: 120_000 })).data.message);
}

/** GET /embedding/follow?storyId (bearer) */
export function getFollowState(storyId: string): Promise<FollowState | undefined> {
  return quietly('getFollowState', async () => (await api.get<{ message: FollowState }>('/embedding/follow', { params: { storyId } })).data.message);
}

/** POST /embedding/follow {storyId} (bearer): follow, marking every chapter seen. */
export function followStory(storyId: string): Promise<Outcome<FollowState>> {
  return outcome(async () => (await api.post<{ message: FollowState }>('/embedding/follow', { storyId })).data.message);
}

/** DELETE /embedding/follow {storyId} (bearer) */
export function unfollowStory(storyId: string): Promise<Outcome<FollowState>> {
  return outcome(async () => (await api.delete<{ message: FollowState }>('/embedding/follow', { data: { storyId } })).data.message);
}

/** GET /embedding/names?storyId */
export function getStoryNames(storyId: string): Promise<StoryNames | undefined> {
  return quietly('getStoryNames', async () => (await api.get<{ message: StoryNames }>('/embedding/names', { params: { storyId } })).data.message);
}

/** PUT /embedding/names {storyId, names} (bearer): replaces the caller's list; chapters are converted again on next read. */
export function saveStoryNames(storyId: string, names: Record<string, string>): Promise<Outcome<StoryNames>> {
  return outcome(async () => (await api.put<{ message: StoryNames }>('/embedding/names', { storyId, names })).data.message);
}
