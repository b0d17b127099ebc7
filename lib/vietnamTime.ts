const VIETNAM_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Ho_Chi_Minh',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "26/11/2026 14:05": DD/MM/YYYY HH:mm in Vietnam's time, as the site writes a moment. */
export function formatVietnamTime(date: Date): string {
  const part = Object.fromEntries(VIETNAM_DATE_TIME.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}
