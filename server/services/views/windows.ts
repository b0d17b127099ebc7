/**
 * Ranking windows over the per-day view buckets of `story_views_daily`. Days are Vietnam's
 * calendar days (UTC+7, no daylight saving). A window of N days is a sliding window: the N most
 * recent buckets count in full except the oldest, which counts for the part of that day still
 * inside the window; so "top of the day" is about the last 24 hours, not since midnight.
 */

const VIETNAM_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

export const RANKING_WINDOWS = { day: 1, week: 7, month: 30 } as const;
export type RankingWindow = keyof typeof RANKING_WINDOWS;

/** The bucket (YYYY-MM-DD, Vietnam time) a view at `now` counts in. */
export function viewDay(now: number): string {
  return new Date(now + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

export interface WindowBounds {
  /** Buckets on or after this day count in full. */
  fullFrom: string;
  /** This bucket counts for `edgeWeight` of its views. */
  edgeDay: string;
  edgeWeight: number;
}

/** The share of today (Vietnam time) already past at `now`, in [0, 1). */
export function dayElapsed(now: number): number {
  return ((now + VIETNAM_OFFSET_MS) % DAY_MS) / DAY_MS;
}

export function windowBounds(now: number, days: number): WindowBounds {
  const today = viewDay(now);
  return {
    fullFrom: daysBefore(today, days - 1),
    edgeDay: daysBefore(today, days),
    edgeWeight: 1 - dayElapsed(now),
  };
}

/** Views inside a window, from a story's buckets (the same rule the database query applies). */
export function windowViews(buckets: ReadonlyArray<{ day: string; views: number }>, bounds: WindowBounds): number {
  let total = 0;
  for (const { day, views } of buckets) {
    if (day >= bounds.fullFrom) total += views;
    else if (day === bounds.edgeDay) total += views * bounds.edgeWeight;
  }
  return Math.round(total);
}
