/** Constants of the product specification (§9) and the limits the site enforces. */

export const SITE_NAME = 'Truyện Audio';

/** Genres shown in the header dropdown and in the mobile drawer. */
export const HEADER_GENRE_COUNT = 30;
export const DRAWER_GENRE_COUNT = 10;

/** Search keyword minimum: the mobile modal refuses shorter; the desktop form refuses one character. */
export const MIN_SEARCH_KEYWORD_LENGTH = 2;
export const SEARCH_TOO_SHORT_MESSAGE = 'Từ khóa tìm kiếm quá ngắn.';

/** Token renewal waits for the current user: attempts × interval. */
export const TOKEN_RENEWAL_ATTEMPTS = 5;
export const TOKEN_RENEWAL_INTERVAL_MS = 500;

/** History records always carry audio_time 1. */
export const HISTORY_AUDIO_TIME = 1;

export const TOP_LIST_DEFAULT_PAGE = '0';

export const PROGRESS_BAR = { minimum: 0.5, stopDelayMs: 15, showSpinner: false } as const;

export const AD_BLOCK_POSITION = { right: '20px', top: '40%', zIndex: 9999 } as const;

export const CHAPTER_BAR_FADE_MS = 300;

export const SIGN_IN_POPUP = { width: 500, height: 600 } as const;

export const STORAGE_KEYS = {
  tokenApi: 'tokenApi',
  vipInfo: 'vipInfo',
  userId: 'userId',
  readings: 'readings',
  isFirstVisit: 'isFirstVisit',
  theme: 'theme',
  /** How an embedded chapter is shown: Việt, Hán Việt, Trung or Song ngữ (lib/embedding/chapterView.ts). */
  chapterView: 'chapterView',
  /** An anonymous reader's own names per embedded story, kept on the device (lib/embedding/readerNames.ts). */
  readerNames: 'readerNames',
} as const;

export const DEFAULT_THEME = 'light';

/** Paging of API lists. */
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 50;
export const CHAPTERS_PER_PAGE = 50;

/** A signed chapter request older than this (seconds) is refused as stale. */
export const CHAPTER_SIGN_MAX_AGE_S = 300;

/** First path segments that a story slug may never take. */
export const RESERVED_SLUGS: readonly string[] = [
  'truyen',
  'bang-xep-hang',
  'user',
  'embedding',
  'vip',
  'thong-tin',
  'api',
  '_next',
  'sitemap',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'static',
  'public',
  'the-loai',
  'tac-gia',
  '404',
  '500',
];

/** Ranking keys (filter `sort`) with their Vietnamese names. */
export const SORT_OPTIONS = [
  { key: 'hot', name: 'Truyện hot' },
  { key: 'view_day', name: 'Xem nhiều hôm nay' },
  { key: 'view_week', name: 'Xem nhiều tuần' },
  { key: 'view_month', name: 'Xem nhiều tháng' },
  { key: 'view_total', name: 'Xem nhiều nhất' },
  { key: 'rating', name: 'Đánh giá cao' },
  { key: 'bookmark', name: 'Nhiều người theo dõi' },
  { key: 'new', name: 'Mới cập nhật' },
  { key: 'completed', name: 'Truyện hoàn thành' },
  { key: 'newest', name: 'Truyện mới đăng' },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]['key'];

/** Chapter-count buckets (filter `chapters`): inclusive min, exclusive max. */
export const CHAPTER_OPTIONS = [
  { key: 'duoi-100', name: 'Dưới 100 chương', min: 0, max: 100 },
  { key: '100-500', name: '100 - 500 chương', min: 100, max: 500 },
  { key: '500-1000', name: '500 - 1000 chương', min: 500, max: 1000 },
  { key: 'tren-1000', name: 'Trên 1000 chương', min: 1000, max: null },
] as const;
export type ChapterKey = (typeof CHAPTER_OPTIONS)[number]['key'];

export const STATUS_NAMES = { ongoing: 'Đang ra', completed: 'Hoàn thành' } as const;

/** History rows kept per reader; older ones are dropped as new ones arrive. */
export const HISTORY_ROWS_KEPT = 500;
