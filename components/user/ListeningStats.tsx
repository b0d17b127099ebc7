import Link from 'next/link';
import { useEffect, useState } from 'react';
import { fetchListeningStats } from '@/lib/api/stats';
import { HISTORY_ROWS_KEPT } from '@/lib/constants';
import { STATS_WEEKS, type DayMinutes, type ListeningStats as Stats } from '@/lib/listeningStats';

const SECTION = 'rounded-xl border border-ink/10 bg-white/60 p-4 dark:border-night-line dark:bg-night-raised';
const WEEKDAYS = ['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'CN'];
const SHADES = ['bg-ink/5 dark:bg-white/5', 'bg-brand/25', 'bg-brand/50', 'bg-brand/75', 'bg-brand'];

const shade = (minutes: number) => SHADES[minutes === 0 ? 0 : minutes < 15 ? 1 : minutes < 45 ? 2 : minutes < 90 ? 3 : 4];
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The days in weeks (columns), Monday first; the days before the window are blanks. */
function weeks(days: DayMinutes[]): (DayMinutes | null)[][] {
  const first = new Date(`${days[0].date}T00:00:00Z`).getUTCDay();
  const lead = (first + 6) % 7;
  const cells: (DayMinutes | null)[] = [...Array<null>(lead).fill(null), ...days];
  const columns: (DayMinutes | null)[][] = [];
  for (let at = 0; at < cells.length; at += 7) columns.push(cells.slice(at, at + 7));
  return columns;
}

/** "Thống kê nghe đọc": minutes per day over 12 weeks (a heatmap) and per story, from the reading history. */
export function ListeningStats() {
  const [stats, setStats] = useState<Stats | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetchListeningStats().then(
      (loaded) => live && setStats(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className={SECTION} aria-labelledby="listening-stats" data-testid="listening-stats">
      <h2 id="listening-stats" className="mb-1 font-semibold">
        Thống kê nghe đọc
      </h2>
      {failed ? (
        <p className="text-sm text-red-700 dark:text-red-300">Không tải được thống kê. Vui lòng thử lại sau.</p>
      ) : !stats ? (
        <p className="text-sm opacity-70">Đang tải thống kê…</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-soft dark:text-neutral-400">
            {stats.totalMinutes > 0 ? `${stats.totalMinutes.toLocaleString('vi-VN')} phút nghe và đọc trong ${STATS_WEEKS} tuần qua, ước tính từ lịch sử đọc.` : `Chưa có lượt nghe hay đọc nào trong ${STATS_WEEKS} tuần qua.`}
            {stats.historyFrom && ` Lịch sử đọc chỉ giữ ${HISTORY_ROWS_KEPT} chương gần nhất, nên thống kê tính từ ngày ${dayLabel(stats.historyFrom)}.`}
          </p>
          <div className="flex gap-1 overflow-x-auto pb-1" role="img" aria-label={`Số phút mỗi ngày trong ${STATS_WEEKS} tuần qua`}>
            <div className="grid grid-rows-7 gap-1 pr-1 text-[10px] leading-3 opacity-70" aria-hidden>
              {WEEKDAYS.map((day) => (
                <span key={day} className="h-3">
                  {day}
                </span>
              ))}
            </div>
            {weeks(stats.days).map((column, index) => (
              <div key={index} className="grid grid-rows-7 gap-1">
                {column.map((day, row) =>
                  day ? <span key={day.date} className={`size-3 rounded-sm ${shade(day.minutes)}`} title={`${dayLabel(day.date)}: ${day.minutes} phút`} data-date={day.date} data-minutes={day.minutes} /> : <span key={`blank-${row}`} className="size-3" />,
                )}
              </div>
            ))}
          </div>
          {stats.stories.length > 0 && (
            <table className="mt-4 w-full text-sm">
              <caption className="mb-1 text-left text-xs font-medium">Theo truyện</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Truyện</th>
                  <th scope="col">Số chương</th>
                  <th scope="col">Số phút</th>
                </tr>
              </thead>
              <tbody>
                {stats.stories.slice(0, 10).map((story) => (
                  <tr key={story.storyId} className="border-t border-ink/10 dark:border-night-line">
                    <td className="py-1.5 pr-2">
                      <Link href={`/${story.slug}`} className="hover:text-brand">
                        {story.title}
                      </Link>
                    </td>
                    <td className="py-1.5 pr-2 text-right whitespace-nowrap opacity-75">{story.chapters} chương</td>
                    <td className="py-1.5 text-right whitespace-nowrap">{story.minutes} phút</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
