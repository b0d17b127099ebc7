import type { PackChange, PackEntry, PackSkip } from '../namePack';
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
  /** The link was another site's copy of a story already here: it became one of that story's sources. */
  sourceAdded?: boolean;
}

export interface FollowState {
  follow: boolean;
  chapters: number;
  seenChapters: number;
  /** Chapters added since the reader last looked (0 when not following). */
  newChapters: number;
}

/** How an entry of a story's shared list became shared. */
export type SharedNameSource = 'operator' | 'readers' | 'migrated';

/** One entry of a story's shared names list. */
export interface SharedName {
  original: string;
  translation: string;
  /** Locked by an operator: proposals never change it. */
  locked: boolean;
  source: SharedNameSource;
  /** Readers whose own list gives this same form. */
  readers: number;
  /** Milliseconds since the epoch. */
  sharedAt: number;
}

/** One of the caller's proposals for the shared list. */
export interface NameProposal {
  original: string;
  translation: string;
  /** Eligible readers proposing this same form, the caller included. */
  supporters: number;
  createdAt: number;
}

export interface StoryNames {
  storyId: string;
  /** 中文 → Vietnamese: the story's shared list, what every reader of the story reads. */
  names: Record<string, string>;
  /** The signed-in caller's own list (empty when signed out), applied on top of `names` for the caller only. */
  mine: Record<string, string>;
  /** The shared list with how many readers use each name, most used first. */
  shared: SharedName[];
  /** The caller's proposals (empty when signed out). */
  proposals: NameProposal[];
  /** Distinct eligible readers whose proposals of one form make it shared. */
  threshold: number;
}

/** What importing a name pack did (or would do, with `dryRun`) to the caller's own list. */
export interface NamePackImport {
  added: PackEntry[];
  changed: PackChange[];
  skipped: PackSkip[];
  counts: { added: number; changed: number; skipped: number };
  dryRun: boolean;
  names: StoryNames;
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

/** PUT /embedding/names {storyId, names} (bearer): replaces the caller's own list (no other reader's text changes). */
export function saveStoryNames(storyId: string, names: Record<string, string>): Promise<Outcome<StoryNames>> {
  return outcome(async () => (await api.put<{ message: StoryNames }>('/embedding/names', { storyId, names })).data.message);
}

/** PUT /embedding/names/proposals {storyId, original, translation} (bearer): proposes an entry for the shared list (kept in the caller's own list too). */
export function proposeName(storyId: string, original: string, translation: string): Promise<Outcome<StoryNames>> {
  return outcome(async () => (await api.put<{ message: StoryNames }>('/embedding/names/proposals', { storyId, original, translation })).data.message);
}

/** DELETE /embedding/names/proposals {storyId, original} (bearer): withdraws the caller's proposal. */
export function withdrawNameProposal(storyId: string, original: string): Promise<Outcome<StoryNames>> {
  return outcome(async () => (await api.delete<{ message: StoryNames }>('/embedding/names/proposals', { data: { storyId, original } })).data.message);
}

/** POST /embedding/names/import {storyId, text, dryRun?} (bearer): reads a name pack into the caller's own list. */
export function importNamePack(storyId: string, text: string, dryRun = false): Promise<Outcome<NamePackImport>> {
  return outcome(async () => (await api.post<{ message: NamePackImport }>('/embedding/names/import', { storyId, text, dryRun }, { timeout: 60_000 })).data.message);
}

/** One site's listing of a book in a search across the sources. */
export interface SourceSearchSite {
  siteId: string;
  siteName: string;
  /** The book page on the site: what embedding it is given. */
  sourceUrl: string;
  /** The title and author as this site writes them. */
  originalTitle: string;
  originalAuthor: string;
  /** Chapters as the site's results count them, or as its latest chapter is numbered; null when neither says. */
  chapterCount: number | null;
  latestChapter: { originalTitle: string; title: string } | null;
}

/** One book found on one or more sites (merged by normalised title and author). */
export interface SourceSearchRow {
  key: string;
  /** Converted (Vietnamese) title and author beside the Chinese. */
  title: string;
  originalTitle: string;
  author: string;
  originalAuthor: string;
  sites: SourceSearchSite[];
}

/**
 * What GET /api/embedding/search streams, one JSON object a line (NDJSON): the plan first
 * (the Chinese searched for and the sites asked), then each site's outcome as it comes with the
 * merged rows so far, then `done`.
 */
export type SourceSearchEvent =
  | {
      type: 'plan';
      query: string;
      /** The Chinese the sites are searched for (the query itself, simplified, or read from Hán-Việt). */
      chinese: string;
      /** Other Chinese a Hán-Việt query may stand for, to search instead. */
      alternatives: string[];
      sites: { id: string; name: string }[];
    }
  | { type: 'site'; siteId: string; state: 'done'; count: number }
  | { type: 'site'; siteId: string; state: 'error'; message: string }
  | { type: 'rows'; rows: SourceSearchRow[] }
  | { type: 'done' };
