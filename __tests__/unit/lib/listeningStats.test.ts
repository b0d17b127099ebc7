import { STATS_DAYS, summariseHistory, vietnamDate, type HistoryVisit } from '@/lib/listeningStats';

const NOW = Date.UTC(2026, 11, 2, 3, 0); // 10:00 in Vietnam
const MINUTE = 60_000;

const visit = (storyId: number, chapter: number, time: number, words = 1_800): HistoryVisit => ({ storyId, chapter, time, words, title: `Truyện ${storyId}`, slug: `truyen-${storyId}` });

describe('listening statistics from the reading history', () => {
  it('counts a chapter until the next one within a sitting, else its length at a listening pace', () => {
    const start = NOW - 2 * 60 * MINUTE;
    const stats = summariseHistory([visit(4107, 1, start), visit(4107, 2, start + 12 * MINUTE), visit(4107, 3, start + 30 * MINUTE), visit(9, 7, start + 3 * 60 * MINUTE, 0)], NOW + 4 * 60 * MINUTE);
    // 12 min, then 18 min (the gap), then 1,800 words at 180 a minute = 10 min; a chapter of unknown length 5 min.
    expect(stats.stories).toEqual([
      { storyId: 4107, title: 'Truyện 4107', slug: 'truyen-4107', minutes: 40, chapters: 3 },
      { storyId: 9, title: 'Truyện 9', slug: 'truyen-9', minutes: 5, chapters: 1 },
    ]);
    expect(stats.totalMinutes).toBe(45);
  });

  it('has every day of 12 weeks, in Vietnam’s days, ending today, and leaves out what is older', () => {
    const lateEvening = Date.UTC(2026, 11, 1, 16, 30); // 23:30 on 1 Dec in Vietnam
    const afterMidnight = Date.UTC(2026, 11, 1, 17, 30); // 00:30 on 2 Dec in Vietnam
    const old = NOW - 100 * 24 * 60 * MINUTE;
    const stats = summariseHistory([visit(1, 1, old), visit(1, 2, lateEvening), visit(1, 3, afterMidnight)], NOW);
    expect(stats.days).toHaveLength(STATS_DAYS);
    expect(stats.days.at(-1)!.date).toBe('2026-12-02');
    expect(stats.days[0].date).toBe(vietnamDate(NOW - (STATS_DAYS - 1) * 24 * 60 * MINUTE));
    expect(stats.days.find((day) => day.date === '2026-12-01')!.minutes).toBe(10);
    expect(stats.days.find((day) => day.date === '2026-12-02')!.minutes).toBe(10);
    expect(stats.stories[0].chapters).toBe(2);
  });
});
