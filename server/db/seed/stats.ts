import type { Rng } from './random';

/** Content dates are spread over the year before this instant, so every run writes the same rows. */
export const SEED_REFERENCE_DATE = new Date('2026-11-20T05:00:00.000Z');

const DAY_MS = 86_400_000;

export type StoryStatus = 'ongoing' | 'completed';

export interface StoryStats {
  viewsTotal: number;
  viewsDay: number;
  viewsWeek: number;
  viewsMonth: number;
  ratingAvg: number;
  ratingCount: number;
  bookmarkCount: number;
}

export interface StoryTimes {
  createdAt: Date;
  /** Also the story's updated_at. */
  latestChapterAt: Date;
}

/** Views, ratings and bookmarks that grow with length and a random popularity, day ≤ week ≤ month ≤ total. */
export function storyStats(rng: Rng, chapterCount: number, status: StoryStatus): StoryStats {
  const popularity = rng.next() ** 2;
  const viewsTotal = Math.round(chapterCount * rng.float(40, 400) * (0.2 + popularity * 10)) + rng.int(50, 500);
  // A completed story is read less each day than one that still gets new chapters.
  const monthShare = status === 'ongoing' ? rng.float(0.05, 0.25) : rng.float(0.01, 0.08);
  const viewsMonth = Math.round(viewsTotal * monthShare);
  const viewsWeek = Math.round(viewsMonth * rng.float(0.2, 0.4));
  const viewsDay = Math.round(viewsWeek * rng.float(0.1, 0.25));
  const ratingCount = Math.round(rng.float(0, 30) + popularity * rng.float(100, 2500));
  return {
    viewsTotal,
    viewsDay,
    viewsWeek,
    viewsMonth,
    ratingAvg: Math.round(rng.float(3, 5) * 10) / 10,
    ratingCount,
    bookmarkCount: Math.round(viewsTotal * rng.float(0.002, 0.02)),
  };
}

/** When a story started and when its newest chapter came out, before the reference date. */
export function storyTimes(rng: Rng, chapterCount: number, status: StoryStatus, reference = SEED_REFERENCE_DATE): StoryTimes {
  // Long stories need time to be written: at most a few chapters a day.
  const minAgeDays = Math.min(360, chapterCount / 4 + 7);
  const ageDays = rng.float(minAgeDays, 365);
  const createdAt = new Date(reference.getTime() - ageDays * DAY_MS);
  const sinceLatestDays =
    status === 'ongoing' ? rng.weighted<number>([[rng.float(0, 1), 4], [rng.float(1, 7), 3], [rng.float(7, 30), 1]]) : rng.float(10, ageDays / 3);
  const latest = Math.max(createdAt.getTime() + DAY_MS, reference.getTime() - sinceLatestDays * DAY_MS);
  return { createdAt, latestChapterAt: new Date(Math.min(latest, reference.getTime())) };
}

/** Chapters come out evenly between the story's start and its newest chapter. */
export function chapterDate(times: StoryTimes, index: number, chapterCount: number): Date {
  if (chapterCount <= 1) return times.latestChapterAt;
  const start = times.createdAt.getTime();
  const span = times.latestChapterAt.getTime() - start;
  return new Date(start + Math.round((span * (index - 1)) / (chapterCount - 1)));
}
