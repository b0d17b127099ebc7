import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { arrayParam } from '../../db/params';
import { RANKING_WINDOWS, daysBefore, viewDay, windowBounds, type RankingWindow } from './windows';

/**
 * One statement for a batch of views: the day's buckets and the all-time totals. Stories are
 * locked in id order, so two processes flushing at once never deadlock; a story deleted in the
 * meantime is skipped.
 */
export async function writeViews(database: Database, counts: ReadonlyMap<number, number>, now = Date.now()): Promise<void> {
  if (counts.size === 0) return;
  const ids = [...counts.keys()].sort((a, b) => a - b);
  const views = ids.map((id) => counts.get(id) ?? 0);

  await database.execute(sql`
    with batch as (
      select b.story_id, b.views
      from unnest(${arrayParam(ids, 'int')}, ${arrayParam(views, 'int')}) as b(story_id, views)
      join stories s on s.id = b.story_id
      order by b.story_id
      for update of s
    ),
    daily as (
      insert into story_views_daily (story_id, day, views)
      select story_id, ${viewDay(now)}, views from batch
      on conflict (story_id, day) do update set views = story_views_daily.views + excluded.views
    )
    update stories set views_total = stories.views_total + batch.views
    from batch where stories.id = batch.story_id`);
}

function windowSum(window: RankingWindow, now: number) {
  const bounds = windowBounds(now, RANKING_WINDOWS[window]);
  return sql`round(sum(case when d.day >= ${bounds.fullFrom} then d.views
    when d.day = ${bounds.edgeDay} then d.views * ${bounds.edgeWeight}::float8 else 0 end))::int`;
}

/**
 * Recomputes every story's day, week and month views from the buckets (the ranking columns),
 * writing only the rows whose figures changed. Returns how many changed.
 */
export async function refreshViewWindows(database: Database, now = Date.now()): Promise<number> {
  const oldest = windowBounds(now, RANKING_WINDOWS.month).edgeDay;
  const result = await database.execute(sql`
    with windows as (
      select d.story_id, ${windowSum('day', now)} as day, ${windowSum('week', now)} as week, ${windowSum('month', now)} as month
      from story_views_daily d where d.day >= ${oldest} group by d.story_id
    ),
    fresh as (
      select s.id, coalesce(w.day, 0) as day, coalesce(w.week, 0) as week, coalesce(w.month, 0) as month
      from stories s left join windows w on w.story_id = s.id
      order by s.id
    )
    update stories set views_day = fresh.day, views_week = fresh.week, views_month = fresh.month
    from fresh
    where stories.id = fresh.id
      and (stories.views_day, stories.views_week, stories.views_month) is distinct from (fresh.day, fresh.week, fresh.month)`);
  return result.rowCount ?? 0;
}

/** Buckets older than the longest window plus a margin are summed into the totals already. */
export async function pruneViewBuckets(database: Database, now = Date.now()): Promise<number> {
  const result = await database.execute(sql`delete from story_views_daily where day < ${daysBefore(viewDay(now), 400)}`);
  return result.rowCount ?? 0;
}

/**
 * Seeded stories carry day/week/month figures with no buckets behind them: spread each story's
 * figures over the last 31 days so the windows give back about the same ranking.
 */
export async function seedViewHistory(database: Database, now = Date.now()): Promise<void> {
  const today = viewDay(now);
  await database.execute(sql`
    insert into story_views_daily (story_id, day, views)
    select s.id, to_char(${today}::date - g, 'YYYY-MM-DD'),
      greatest(0, case when g = 0 then s.views_day
        when g < 7 then (s.views_week - s.views_day) / 6
        else (s.views_month - s.views_week) / 24 end)
    from stories s cross join generate_series(0, 30) g
    on conflict (story_id, day) do nothing`);
  await refreshViewWindows(database, now);
}
