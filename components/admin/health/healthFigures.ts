import type { DailyFigures, SourceFigures } from '@/lib/api/admin';

/** The sums the health screen shows beside its charts. */

export interface DailyTotals {
  reads: number;
  listens: number;
  signups: number;
  revenue: number;
}

export function dailyTotals(days: DailyFigures[]): DailyTotals {
  return days.reduce<DailyTotals>(
    (sum, day) => ({ reads: sum.reads + day.reads, listens: sum.listens + day.listens, signups: sum.signups + day.signups, revenue: sum.revenue + day.revenue }),
    { reads: 0, listens: 0, signups: 0, revenue: 0 },
  );
}

export interface SiteTotals {
  site: string;
  fetches: number;
  blocks: number;
  challenges: number;
  parseErrors: number;
  /** Share of fetches that were refused or failed (blocks, challenges, parse errors), 0–1. */
  failureRate: number;
}

/** Per source site over the days given, the most troubled first. */
export function siteTotals(rows: SourceFigures[]): SiteTotals[] {
  const bySite = new Map<string, SiteTotals>();
  for (const row of rows) {
    const total = bySite.get(row.site) ?? { site: row.site, fetches: 0, blocks: 0, challenges: 0, parseErrors: 0, failureRate: 0 };
    total.fetches += row.fetches;
    total.blocks += row.blocks;
    total.challenges += row.challenges;
    total.parseErrors += row.parseErrors;
    bySite.set(row.site, total);
  }
  const totals = [...bySite.values()].map((total) => ({
    ...total,
    failureRate: total.fetches > 0 ? Math.min(1, (total.blocks + total.challenges + total.parseErrors) / total.fetches) : 0,
  }));
  return totals.sort((a, b) => b.failureRate - a.failureRate || a.site.localeCompare(b.site));
}

/** A figure of the "now" block (numbers, booleans, short text) as text; nested objects as JSON. */
export function nowValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return new Intl.NumberFormat('vi-VN').format(value);
  if (typeof value === 'boolean') return value ? 'có' : 'không';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
