/**
 * Vietnamese relative times: "vừa xong", "3 phút trước", then by calendar ("hôm qua", a date beyond
 * a week) for reviews and comments, or by elapsed time ("2 tháng trước") for story updates.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole calendar days between two instants, in the reader's own time zone. */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const start = new Date(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const end = new Date(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((end.getTime() - start.getTime()) / DAY);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** dd/mm/yyyy, the usual Vietnamese date. */
export function formatDate(time: number): string {
  const date = new Date(time);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** hh:mm dd/mm/yyyy, for a title on the relative time. */
export function formatDateTime(time: number): string {
  const date = new Date(time);
  return `${pad(date.getHours())}:${pad(date.getMinutes())} ${formatDate(time)}`;
}

/** Beyond a day: by the reader's calendar ("hôm qua", a date beyond a week) or by elapsed time ("3 tháng trước"). */
export type RelativeTimeStyle = 'calendar' | 'elapsed';

function calendarDaysAgo(time: number, now: number): string {
  const days = calendarDaysBetween(new Date(time), new Date(now));
  if (days <= 1) return 'hôm qua';
  if (days < 7) return `${days} ngày trước`;
  return formatDate(time);
}

function elapsedDaysAgo(days: number): string {
  if (days < 30) return `${days} ngày trước`;
  const months = Math.floor(days / 30);
  return months < 12 ? `${months} tháng trước` : `${Math.floor(months / 12)} năm trước`;
}

/** How long ago `time` was (ms since the epoch), as a reader would say it. */
export function formatRelativeTime(time: number, now: number = Date.now(), style: RelativeTimeStyle = 'calendar'): string {
  // Elapsed times count whole seconds, so a list rendered twice within a second reads the same.
  const elapsed = style === 'elapsed' ? Math.round((now - time) / 1000) * 1000 : now - time;
  if (elapsed < MINUTE) return 'vừa xong';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} phút trước`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} giờ trước`;
  return style === 'elapsed' ? elapsedDaysAgo(Math.floor(elapsed / DAY)) : calendarDaysAgo(time, now);
}
