import {
  AUDIO_BYTES_PER_CHAR,
  DEFAULT_CHAPTER_CHARS,
  PAGE_BYTES_PER_CHAPTER,
  TEXT_BYTES_PER_CHAR,
} from './constants';
import { formatBytes } from './format';

/** A chapter as the story's chapter list gives it. */
export interface PlanChapter {
  index: number;
  title: string;
  vip: boolean;
}

export interface PlanInput {
  /** The story's chapters from `from` on, in reading order (at least `count` of them when the story has them). */
  chapters: readonly PlanChapter[];
  /** The first chapter to download (the chapter being read, or where the reader is). */
  from: number;
  count: number;
  /** The reader is a VIP member now. */
  member: boolean;
  /** Chapters of this story already kept on the device. */
  kept: ReadonlySet<number>;
  /** Server audio parts are downloaded with the text. */
  withAudio: boolean;
  /** Characters in a chapter of this story, when known (else a typical chapter). */
  charsPerChapter: number | null;
  /** `navigator.storage.estimate()`, when the browser answers it. */
  storage: { usage: number; quota: number } | null;
}

export interface PlannedChapter extends PlanChapter {
  estimatedBytes: number;
}

export interface DownloadPlan {
  /** What will be downloaded, in order. */
  chapters: PlannedChapter[];
  /** In the window but already on the device. */
  alreadyKept: number[];
  /** VIP chapters in the window that a non-member may not download. */
  refusedVip: number[];
  estimatedBytes: number;
  /** Free space the browser reports for the site, when known. */
  freeBytes: number | null;
  /** Why nothing can be downloaded, in Vietnamese; null when the plan can start. */
  error: string | null;
}

export const PLAN_MESSAGES = {
  nothingLeft: 'Không còn chương nào để tải.',
  allKept: 'Các chương này đã có trên máy.',
  vipOnly: 'Các chương này là chương VIP: chỉ thành viên VIP mới tải được.',
  noSpace: (need: number, free: number) =>
    `Không đủ dung lượng trên máy: cần khoảng ${formatBytes(need)}, chỉ còn trống ${formatBytes(free)}. Hãy xóa bớt truyện đã tải hoặc chọn ít chương hơn.`,
  vipSkipped: (count: number) => `Bỏ qua ${count} chương VIP (chỉ dành cho thành viên VIP).`,
} as const;

/** Bytes a chapter is expected to take on the device. */
export function estimateChapterBytes(chars: number | null, withAudio: boolean): number {
  const length = chars && chars > 0 ? chars : DEFAULT_CHAPTER_CHARS;
  return Math.round(length * TEXT_BYTES_PER_CHAR + PAGE_BYTES_PER_CHAPTER + (withAudio ? length * AUDIO_BYTES_PER_CHAR : 0));
}

/**
 * Which chapters a "Tải để nghe offline" of `count` chapters from `from` downloads, what it is
 * expected to weigh, and whether it may start: VIP chapters only for members, chapters already
 * kept skipped, and the estimate within the space the browser leaves the site.
 */
export function planDownload(input: PlanInput): DownloadPlan {
  const window = input.chapters
    .filter((chapter) => chapter.index >= input.from)
    .sort((a, b) => a.index - b.index)
    .slice(0, Math.max(0, input.count));
  const alreadyKept: number[] = [];
  const refusedVip: number[] = [];
  const chapters: PlannedChapter[] = [];
  const each = estimateChapterBytes(input.charsPerChapter, input.withAudio);
  for (const chapter of window) {
    if (input.kept.has(chapter.index)) alreadyKept.push(chapter.index);
    else if (chapter.vip && !input.member) refusedVip.push(chapter.index);
    else chapters.push({ ...chapter, estimatedBytes: each });
  }
  const estimatedBytes = chapters.reduce((sum, chapter) => sum + chapter.estimatedBytes, 0);
  const freeBytes = input.storage ? Math.max(0, input.storage.quota - input.storage.usage) : null;
  const base = { chapters, alreadyKept, refusedVip, estimatedBytes, freeBytes };

  if (window.length === 0) return { ...base, error: PLAN_MESSAGES.nothingLeft };
  if (chapters.length === 0) {
    return { ...base, error: refusedVip.length > 0 ? PLAN_MESSAGES.vipOnly : PLAN_MESSAGES.allKept };
  }
  if (freeBytes !== null && estimatedBytes > freeBytes) {
    return { ...base, error: PLAN_MESSAGES.noSpace(estimatedBytes, freeBytes) };
  }
  return { ...base, error: null };
}
