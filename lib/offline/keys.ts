import { KEPT_DATA_BUILD } from './constants';

/**
 * Keys of kept copies in Cache Storage, shared by the page that downloads and the service worker
 * that answers from them, so both agree whatever the build or query.
 */

/** A chapter page: its path without query (`?nghe=1` opens the same kept page). */
export function keptPageKey(slug: string, index: number): string {
  return `/${slug}/chuong-${index}`;
}

/** A chapter page's `_next/data`, under the kept build id. */
export function keptChapterDataKey(slug: string, index: number): string {
  return `/_next/data/${KEPT_DATA_BUILD}${keptPageKey(slug, index)}.json`;
}

const DATA_PATH = /^\/_next\/data\/[^/]+\/(.+\.json)$/;

/** A page's `_next/data` with the build id replaced, so kept data still answers after an update. */
export function keptDataKey(pathname: string): string | null {
  const match = DATA_PATH.exec(pathname);
  return match ? `/_next/data/${KEPT_DATA_BUILD}/${match[1]}` : null;
}

/** The kept key of a request URL: data without its build id, anything else by path alone. */
export function keptKeyOf(url: URL): string {
  return keptDataKey(url.pathname) ?? url.pathname;
}

/**
 * An audio part without `prefetch`, which only tells the server how urgent it is, nor `pauses`:
 * a kept part answers offline whatever rests the listener chose since.
 */
export function keptAudioKey(url: URL): string {
  const key = new URL(url.href);
  key.searchParams.delete('prefetch');
  key.searchParams.delete('pauses');
  return key.href;
}

/** The audio path prefix of a chapter, for removing its parts. */
export function audioPrefixOf(storyId: string, index: number): string {
  return `/audio/${encodeURIComponent(storyId)}/${index}/`;
}
