import { and, asc, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { DailyFigures, SourceFigures } from '@/lib/api/admin';
import type { Database } from '../../db/client';
import { dailyCounters, siteDailyStats, storyViewsDaily, users, vipOrders } from '../../db/schema';
import { daysBefore, viewDay } from '../views/windows';

export type { DailyFigures, SourceFigures };

/**
 * The console's health page. Daily figures come from what the site already writes (chapter views
 * per day, accounts, paid orders, the daily counters of listens and source fetches); the costly
 * sums are made by a scheduled job into `site_daily_stats`, so a look at the page reads a few
 * dozen rows and never scans.
 */

export const HEALTH_DAYS = 30;
export const SOURCE_DAYS = 7;
/** Days of daily counters kept (the job removes older ones). */
const COUNTERS_KEEP_DAYS = 90;

/** Vietnam's calendar day of a timestamp column, as YYYY-MM-DD. */
const vietnamDay = (column: typeof users.createdAt | typeof vipOrders.paidAt) => sql<string>`to_char(${column} at time zone 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD')`;

/** The instant Vietnam's day `day` starts. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+07:00`));

/**
 * Recomputes the daily figures of the days not computed yet in the last 30, and always of today
 * and yesterday (late views and payments land there); removes counters older than 90 days.
 */
export async function refreshSiteStats(database: Database, now = Date.now()): Promise<number> {
  const today = viewDay(now);
  const from = daysBefore(today, HEALTH_DAYS - 1);
  const known = await database.select({ day: siteDailyStats.day }).from(siteDailyStats).where(gte(siteDailyStats.day, from));
  const done = new Set(known.map((row) => row.day));
  done.delete(today);
  done.delete(daysBefore(today, 1));
  const days = Array.from({ length: HEALTH_DAYS }, (_, i) => daysBefore(today, HEALTH_DAYS - 1 - i)).filter((day) => !done.has(day));
  if (days.length === 0) return 0;
  const first = days[0];
  const since = dayStart(first);
  const [reads, signups, revenue, listens] = await Promise.all([
    database
      .select({ day: storyViewsDaily.day, value: sql<number>`sum(${storyViewsDaily.views})::int` })
      .from(storyViewsDaily)
      .where(gte(storyViewsDaily.day, first))
      .groupBy(storyViewsDaily.day),
    database
      .select({ day: vietnamDay(users.createdAt), value: sql<number>`count(*)::int` })
      .from(users)
      .where(gte(users.createdAt, since))
      .groupBy(vietnamDay(users.createdAt)),
    database
      .select({ day: vietnamDay(vipOrders.paidAt), value: sql<number>`sum(${vipOrders.amount})::bigint` })
      .from(vipOrders)
      .where(and(eq(vipOrders.status, 'paid'), gte(vipOrders.paidAt, since)))
      .groupBy(vietnamDay(vipOrders.paidAt)),
    database
      .select({ day: dailyCounters.day, value: sql<number>`sum(${dailyCounters.count})::int` })
      .from(dailyCounters)
      .where(and(gte(dailyCounters.day, first), eq(dailyCounters.name, 'listens')))
      .groupBy(dailyCounters.day),
  ]);
  const byDay = (rows: { day: string; value: number }[]) => new Map(rows.map((row) => [row.day, Number(row.value)]));
  const [r, s, v, l] = [byDay(reads), byDay(signups), byDay(revenue), byDay(listens)];
  const computedAt = new Date(now);
  await database
    .insert(siteDailyStats)
    .values(days.map((day) => ({ day, reads: r.get(day) ?? 0, listens: l.get(day) ?? 0, signups: s.get(day) ?? 0, revenue: v.get(day) ?? 0, computedAt })))
    .onConflictDoUpdate({
      target: siteDailyStats.day,
      set: {
        reads: sql`excluded.reads`,
        listens: sql`excluded.listens`,
        signups: sql`excluded.signups`,
        revenue: sql`excluded.revenue`,
        computedAt: sql`excluded.computed_at`,
      },
    });
  await database.delete(dailyCounters).where(lt(dailyCounters.day, daysBefore(today, COUNTERS_KEEP_DAYS)));
  return days.length;
}

const SOURCE_FIELDS = {
  'source.fetches': 'fetches',
  'source.blocks': 'blocks',
  'source.challenges': 'challenges',
  'source.parseErrors': 'parseErrors',
} as const;

/** The last 30 days (oldest first; a day not computed yet shows zeros) and the sources' last 7. */
export async function loadHealth(database: Database, now = Date.now()) {
  const today = viewDay(now);
  const from = daysBefore(today, HEALTH_DAYS - 1);
  const sourceFrom = daysBefore(today, SOURCE_DAYS - 1);
  const [stats, counters] = await Promise.all([
    database.select().from(siteDailyStats).where(gte(siteDailyStats.day, from)).orderBy(asc(siteDailyStats.day)),
    database
      .select()
      .from(dailyCounters)
      .where(and(gte(dailyCounters.day, sourceFrom), like(dailyCounters.name, 'source.%')))
      .orderBy(asc(dailyCounters.key), asc(dailyCounters.day)),
  ]);
  const computed = new Map(stats.map((row) => [row.day, row]));
  const daily: DailyFigures[] = Array.from({ length: HEALTH_DAYS }, (_, i) => {
    const day = daysBefore(today, HEALTH_DAYS - 1 - i);
    const row = computed.get(day);
    return { day, reads: row?.reads ?? 0, listens: row?.listens ?? 0, signups: row?.signups ?? 0, revenue: row?.revenue ?? 0 };
  });
  const sources = new Map<string, SourceFigures>();
  for (const row of counters) {
    const field = SOURCE_FIELDS[row.name as keyof typeof SOURCE_FIELDS];
    if (!field) continue;
    const id = `${row.key}\t${row.day}`;
    const figures = sources.get(id) ?? { site: row.key, day: row.day, fetches: 0, blocks: 0, challenges: 0, parseErrors: 0 };
    figures[field] += row.count;
    sources.set(id, figures);
  }
  return { daily, sources: [...sources.values()] };
}
