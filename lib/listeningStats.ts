/**
 * Listening and reading statistics from the reading history the site already keeps (a row per
 * chapter reached, with its time): the time on a chapter is the time until the reader reached the
 * next one, when that is short enough to be one sitting, else the chapter's length at a listening
 * pace. Days are Vietnam's (UTC+7).
 */

export const STATS_WEEKS = 12;
export const STATS_DAYS = STATS_WEEKS * 7;
/** Longer than this before the next chapter: the reader stopped in between. */
const SITTING_GAP_MS = 20 * 60_000;
/** Words a minute of a Vietnamese voice at rate 1 (about the pace of reading aloud). */
const WORDS_PER_MINUTE = 180;
/** A chapter whose length is not known counts this long. */
const UNKNOWN_CHAPTER_MINUTES = 5;
const VIETNAM_OFFSET_MS = 7 * 3_600_000;

export interface HistoryVisit {
  storyId: number;
  chapter: number;
  /** When the chapter was reached (ms since the epoch). */
  time: number;
  /** The chapter's words, 0 when not known. */
  words: number;
  title: string;
  slug: string;
}

export interface DayMinutes {
  /** YYYY-MM-DD in Vietnam. */
  date: string;
  minutes: number;
}

export interface StoryMinutes {
  storyId: number;
  title: string;
  slug: string;
  minutes: number;
  chapters: number;
}

export interface ListeningStats {
  /** Every day of the last 12 weeks, oldest first, ending today. */
  days: DayMinutes[];
  /** Stories by minutes, most first. */
  stories: StoryMinutes[];
  totalMinutes: number;
  /**
   * The Vietnam date of the oldest visit the reading history still holds, when it holds as many
   * as it keeps and that date is inside the window: the days before it count nothing.
   */
  historyFrom: string | null;
}

export const vietnamDate = (time: number) => new Date(time + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);

/** Minutes of each visit: until the next visit within a sitting, else the chapter's length at a listening pace. */
function visitMinutes(visit: HistoryVisit, next: HistoryVisit | undefined): number {
  const estimate = visit.words > 0 ? visit.words / WORDS_PER_MINUTE : UNKNOWN_CHAPTER_MINUTES;
  const gap = next ? next.time - visit.time : Infinity;
  const minutes = gap <= SITTING_GAP_MS ? gap / 60_000 : estimate;
  return Math.min(minutes, SITTING_GAP_MS / 60_000);
}

export function summariseHistory(visits: readonly HistoryVisit[], now: number, oldestKept: number | null = null): ListeningStats {
  const today = vietnamDate(now);
  const firstDay = new Date(`${today}T00:00:00Z`).getTime() - (STATS_DAYS - 1) * 86_400_000;
  const days = new Map<string, number>();
  for (let day = 0; day < STATS_DAYS; day += 1) days.set(new Date(firstDay + day * 86_400_000).toISOString().slice(0, 10), 0);
  const stories = new Map<number, StoryMinutes>();
  const sorted = [...visits].sort((a, b) => a.time - b.time);
  sorted.forEach((visit, index) => {
    const date = vietnamDate(visit.time);
    if (!days.has(date)) return;
    const minutes = visitMinutes(visit, sorted[index + 1]);
    days.set(date, days.get(date)! + minutes);
    const story = stories.get(visit.storyId) ?? { storyId: visit.storyId, title: visit.title, slug: visit.slug, minutes: 0, chapters: 0 };
    story.minutes += minutes;
    story.chapters += 1;
    stories.set(visit.storyId, story);
  });
  const round = (value: number) => Math.round(value);
  const dayList = [...days].map(([date, minutes]) => ({ date, minutes: round(minutes) }));
  return {
    days: dayList,
    stories: [...stories.values()].map((story) => ({ ...story, minutes: round(story.minutes) })).sort((a, b) => b.minutes - a.minutes || b.chapters - a.chapters),
    totalMinutes: dayList.reduce((sum, day) => sum + day.minutes, 0),
    historyFrom: oldestKept !== null && vietnamDate(oldestKept) > dayList[0].date ? vietnamDate(oldestKept) : null,
  };
}
