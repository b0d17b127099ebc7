/** Names and limits shared by the download code in the page and by the service worker. */

/** Chapters a reader may download at once, and the default. */
export const DOWNLOAD_COUNTS = [5, 10, 20] as const;
export type DownloadCount = (typeof DOWNLOAD_COUNTS)[number];
export const DEFAULT_DOWNLOAD_COUNT: DownloadCount = 5;

/** IndexedDB database of kept chapter texts and of progress waiting to be sent. */
export const OFFLINE_DB_NAME = 'truyen-audio-offline';

/** Cache Storage of what the reader downloaded: chapter pages with their data, and audio parts. */
export const KEPT_PAGES_CACHE = 'kept-pages';
export const KEPT_AUDIO_CACHE = 'kept-audio';

/** The `_next/data` build id is replaced by this in kept keys, so kept data outlives a new build. */
export const KEPT_DATA_BUILD = 'kept';

/** The service worker's script and the page shown for what is not kept while offline. */
export const SERVICE_WORKER_URL = '/sw.js';
export const OFFLINE_PAGE = '/~offline';

/** The page that lists downloads, kept with every download so it opens offline. */
export const DOWNLOADS_PAGE = '/user?tab=downloads';

/** Message from a page asking a waiting service worker to take over. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * Size estimates before a download: text is kept as UTF-16 in IndexedDB (2 bytes a character);
 * the chapter page and its data add about this much; server audio at 32 kbps is about 235 KB a
 * minute, and its voice reads about 900 characters a minute.
 */
export const TEXT_BYTES_PER_CHAR = 2;
export const PAGE_BYTES_PER_CHAPTER = 60_000;
export const AUDIO_BYTES_PER_CHAR = 260;
/** A chapter of unknown length is taken to be this long. */
export const DEFAULT_CHAPTER_CHARS = 12_000;
