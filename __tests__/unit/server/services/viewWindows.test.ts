import { dayElapsed, daysBefore, viewDay, windowBounds, windowViews } from '@/server/services/views/windows';

// 2026-11-23 10:00 in Vietnam (UTC+7) is 03:00 UTC.
const VN_10AM = Date.parse('2026-11-23T03:00:00Z');

describe('ranking windows', () => {
  it('counts a view in Vietnam’s calendar day, not UTC’s', () => {
    expect(viewDay(Date.parse('2026-11-23T16:59:59Z'))).toBe('2026-11-23');
    expect(viewDay(Date.parse('2026-11-23T17:00:00Z'))).toBe('2026-11-24');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
  });

  it('measures how much of the Vietnamese day has passed', () => {
    expect(dayElapsed(VN_10AM)).toBeCloseTo(10 / 24);
    expect(dayElapsed(Date.parse('2026-11-23T17:00:00Z'))).toBe(0);
  });

  it('slides the day window over the last 24 hours', () => {
    const bounds = windowBounds(VN_10AM, 1);
    expect(bounds).toEqual({ fullFrom: '2026-11-23', edgeDay: '2026-11-22', edgeWeight: 1 - 10 / 24 });
    const buckets = [
      { day: '2026-11-23', views: 100 },
      { day: '2026-11-22', views: 240 },
      { day: '2026-11-21', views: 999 },
    ];
    // Today in full, 14 of yesterday's 24 hours, nothing older.
    expect(windowViews(buckets, bounds)).toBe(100 + 140);
  });

  it('does not leave "top of the day" empty just after midnight', () => {
    const justAfterMidnight = Date.parse('2026-11-23T17:01:00Z');
    const buckets = [{ day: '2026-11-23', views: 500 }];
    expect(windowViews(buckets, windowBounds(justAfterMidnight, 1))).toBeGreaterThan(490);
  });

  it('keeps week and month windows to their days', () => {
    const buckets = Array.from({ length: 40 }, (_, i) => ({ day: daysBefore('2026-11-23', i), views: 10 }));
    const atMidnight = Date.parse('2026-11-22T17:00:00Z'); // 00:00 on the 23rd in Vietnam
    expect(windowViews(buckets, windowBounds(atMidnight, 7))).toBe(80); // 7 days + the whole 8th
    expect(windowViews(buckets, windowBounds(atMidnight, 30))).toBe(310);
    const almostMidnight = Date.parse('2026-11-23T16:59:00Z');
    expect(windowViews(buckets, windowBounds(almostMidnight, 7))).toBe(70);
  });
});
