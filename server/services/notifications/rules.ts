/**
 * The rules of new-chapter notifications, without the database: how arrived chapters become one
 * entry, when a reader is pushed (quiet hours, the per-story cap), and how long a failed push
 * waits before it is tried again. Every function takes the clock as an argument.
 */

/** Vietnam keeps UTC+7 all year (no daylight saving). */
export const VIETNAM_OFFSET_MINUTES = 7 * 60;
export const DEFAULT_QUIET_START = 22 * 60;
export const DEFAULT_QUIET_END = 7 * 60;
/** At most one push per reader and story in this long. */
export const PUSH_CAP_MS = 60 * 60_000;
/** Entries older than this leave the centre. */
export const NOTIFICATION_KEEP_MS = 30 * 86_400_000;
/** Waits before the 2nd, 3rd, … attempt of a push; after the last, the delivery has failed. */
export const PUSH_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const PUSH_MAX_ATTEMPTS = PUSH_RETRY_DELAYS_MS.length + 1;
/** A push not delivered within this long is dropped: the centre still has the entry. */
export const PUSH_EXPIRES_MS = 24 * 60 * 60_000;
const LONGEST_RETRY_AFTER_MS = 6 * 60 * 60_000;
/** Longest story or chapter title in a push, so the payload stays far below the services' 4 KB. */
export const PUSH_TITLE_CHARS = 120;
export const MAX_PUSH_PAYLOAD_BYTES = 2_048;

export interface ArrivedChapter {
  index: number;
  title: string;
}

/** One entry for a story: the chapters that arrived in one check or import. */
export interface ChapterBatch {
  fromChapter: number;
  toChapter: number;
  /** Title of the first new chapter (where the reader goes on). */
  chapterTitle: string;
}

/** The chapters of one check or import as one entry; null when none arrived. */
export function batchChapters(arrived: readonly ArrivedChapter[]): ChapterBatch | null {
  if (arrived.length === 0) return null;
  const sorted = [...arrived].sort((a, b) => a.index - b.index);
  return { fromChapter: sorted[0].index, toChapter: sorted[sorted.length - 1].index, chapterTitle: sorted[0].title };
}

function clip(text: string, chars: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > chars ? `${clean.slice(0, chars - 1)}…` : clean;
}

/** "Chương N – title", the title left out when it only repeats the number. */
export function chapterLabel(index: number, title: string): string {
  const clean = clip(title, PUSH_TITLE_CHARS);
  const bare = new RegExp(`^(chương|chapter|第)\\s*${index}\\s*(章)?$`, 'i');
  return clean && !bare.test(clean) ? `Chương ${index} – ${clean.replace(/^chương\s*\d+\s*[:：.\-–—]\s*/i, '')}` : `Chương ${index}`;
}

export interface NotificationText {
  /** "Truyện X có chương mới" */
  title: string;
  /** "Chương N – title", with how many more arrived. */
  body: string;
}

/** What the centre and a push say: "Truyện X có chương mới: Chương N – title". */
export function notificationText(storyTitle: string, batch: ChapterBatch): NotificationText {
  const more = batch.toChapter - batch.fromChapter;
  const label = chapterLabel(batch.fromChapter, batch.chapterTitle);
  return {
    title: `Truyện ${clip(storyTitle, PUSH_TITLE_CHARS)} có chương mới`,
    body: more > 0 ? `${label} (và ${more} chương nữa)` : label,
  };
}

/** Minutes after midnight in Vietnam at `now`. */
export function vietnamMinuteOfDay(now: number): number {
  const minutes = Math.floor(now / 60_000) + VIETNAM_OFFSET_MINUTES;
  return ((minutes % 1440) + 1440) % 1440;
}

/** Whether `now` falls in quiet hours [start, end) (Vietnam time, may span midnight; start = end: none). */
export function inQuietHours(now: number, start: number, end: number): boolean {
  if (start === end) return false;
  const minute = vietnamMinuteOfDay(now);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

export interface PushCircumstances {
  now: number;
  pushEnabled: boolean;
  optedIn: boolean;
  quietStart: number;
  quietEnd: number;
  /** When this reader was last pushed (or queued) about this story. */
  lastPushAt: number | null;
  devices: number;
}

export type PushDecision = 'push' | 'off' | 'not-opted-in' | 'no-device' | 'quiet' | 'capped';

/** Whether a new entry is also pushed; anything but 'push' leaves it in the centre only. */
export function pushDecision(c: PushCircumstances): PushDecision {
  if (!c.pushEnabled) return 'off';
  if (!c.optedIn) return 'not-opted-in';
  if (c.devices === 0) return 'no-device';
  if (inQuietHours(c.now, c.quietStart, c.quietEnd)) return 'quiet';
  if (c.lastPushAt !== null && c.now - c.lastPushAt < PUSH_CAP_MS) return 'capped';
  return 'push';
}

export type PushOutcome =
  | { kind: 'sent' }
  /** The push service forgot the subscription (404, 410): remove it. */
  | { kind: 'gone' }
  /** Worth another try later (429, 5xx, network). */
  | { kind: 'retry'; retryAfterMs?: number; error: string }
  /** Never worth retrying (400, 403, 413, …). */
  | { kind: 'failed'; error: string };

/** How a push service's answer is taken. */
export function classifyPushResponse(status: number, retryAfter: string | null = null): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 429 || status >= 500) {
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
    return { kind: 'retry', retryAfterMs: seconds === undefined ? undefined : seconds * 1000, error: `HTTP ${status}` };
  }
  return { kind: 'failed', error: `HTTP ${status}` };
}

/**
 * When attempt `attempts` (1-based, just made) failed for a passing reason: the time of the next
 * one, or null when no attempt is left. A Retry-After longer than our wait is honoured (capped).
 */
export function nextAttemptAt(now: number, attempts: number, retryAfterMs?: number): number | null {
  if (attempts >= PUSH_MAX_ATTEMPTS) return null;
  const wait = PUSH_RETRY_DELAYS_MS[Math.max(0, attempts - 1)];
  return now + Math.min(LONGEST_RETRY_AFTER_MS, Math.max(wait, retryAfterMs ?? 0));
}

export interface PushPayload {
  title: string;
  body: string;
  /** Path of the chapter to open. */
  url: string;
  /** One notification per story on the device: a newer one replaces it. */
  tag: string;
  notificationId: string | null;
}

/** The JSON a push carries, within MAX_PUSH_PAYLOAD_BYTES. */
export function pushPayloadJson(payload: PushPayload): string {
  const json = JSON.stringify(payload);
  if (Buffer.byteLength(json) <= MAX_PUSH_PAYLOAD_BYTES) return json;
  return JSON.stringify({ ...payload, title: clip(payload.title, 60), body: clip(payload.body, 60) });
}
