import { dailyTotals, nowValue, siteTotals } from '@/components/admin/health/healthFigures';

describe('health figures', () => {
  it('sums the daily figures', () => {
    const day = { reads: 2, listens: 1, signups: 1, revenue: 50_000 };
    expect(dailyTotals([{ day: '2026-11-25', ...day }, { day: '2026-11-26', ...day }])).toEqual({ reads: 4, listens: 2, signups: 2, revenue: 100_000 });
  });

  it('sums each source site and puts the most troubled first', () => {
    const totals = siteTotals([
      { site: 'a.com', day: '2026-11-25', fetches: 100, blocks: 0, challenges: 0, parseErrors: 1 },
      { site: 'b.com', day: '2026-11-25', fetches: 10, blocks: 3, challenges: 2, parseErrors: 0 },
      { site: 'a.com', day: '2026-11-26', fetches: 100, blocks: 0, challenges: 0, parseErrors: 1 },
    ]);
    expect(totals.map((site) => site.site)).toEqual(['b.com', 'a.com']);
    expect(totals[0].failureRate).toBeCloseTo(0.5);
    expect(totals[1]).toMatchObject({ fetches: 200, parseErrors: 2, failureRate: 0.01 });
  });

  it('gives a site with no fetches a rate of zero', () => {
    expect(siteTotals([{ site: 'c.com', day: '2026-11-26', fetches: 0, blocks: 0, challenges: 0, parseErrors: 0 }])[0].failureRate).toBe(0);
  });

  it('shows the figures of "now" as text', () => {
    expect(nowValue(1200)).toBe('1.200');
    expect(nowValue(true)).toBe('có');
    expect(nowValue(null)).toBe('—');
    expect(nowValue({ a: 1 })).toBe('{"a":1}');
  });
});
