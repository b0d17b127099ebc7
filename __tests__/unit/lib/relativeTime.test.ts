import { formatDate, formatDateTime, formatRelativeTime } from '@/lib/relativeTime';

const at = (year: number, month: number, day: number, hour = 0, minute = 0) => new Date(year, month - 1, day, hour, minute).getTime();
const now = at(2025, 3, 15, 20, 30);

describe('formatRelativeTime', () => {
  it('says "vừa xong" under a minute, and for a clock slightly ahead', () => {
    expect(formatRelativeTime(now - 59_000, now)).toBe('vừa xong');
    expect(formatRelativeTime(now + 5_000, now)).toBe('vừa xong');
  });

  it('counts minutes, then hours', () => {
    expect(formatRelativeTime(now - 60_000, now)).toBe('1 phút trước');
    expect(formatRelativeTime(now - 3 * 60_000 - 10_000, now)).toBe('3 phút trước');
    expect(formatRelativeTime(now - 59 * 60_000, now)).toBe('59 phút trước');
    expect(formatRelativeTime(now - 2 * 3_600_000, now)).toBe('2 giờ trước');
    expect(formatRelativeTime(now - 23 * 3_600_000 - 59 * 60_000, now)).toBe('23 giờ trước');
  });

  it('says "hôm qua" for the day before beyond 24 hours, then days, then a date', () => {
    expect(formatRelativeTime(at(2025, 3, 14, 8, 0), now)).toBe('hôm qua');
    expect(formatRelativeTime(at(2025, 3, 13, 23, 0), now)).toBe('2 ngày trước');
    expect(formatRelativeTime(at(2025, 3, 10, 12, 0), now)).toBe('5 ngày trước');
    expect(formatRelativeTime(at(2025, 3, 8, 12, 0), now)).toBe('08/03/2025');
    expect(formatRelativeTime(at(2024, 12, 1, 9, 5), now)).toBe('01/12/2024');
  });

  it('counts elapsed days, months and years in the elapsed style (story updates)', () => {
    const utc = Date.UTC(2026, 0, 10);
    expect(formatRelativeTime(utc - 10_000, utc, 'elapsed')).toBe('vừa xong');
    expect(formatRelativeTime(utc - 59_600, utc, 'elapsed')).toBe('1 phút trước');
    expect(formatRelativeTime(utc - 5 * 60_000, utc, 'elapsed')).toBe('5 phút trước');
    expect(formatRelativeTime(utc - 3 * 3_600_000, utc, 'elapsed')).toBe('3 giờ trước');
    expect(formatRelativeTime(utc - 26 * 3_600_000, utc, 'elapsed')).toBe('1 ngày trước');
    expect(formatRelativeTime(utc - 2 * 86_400_000, utc, 'elapsed')).toBe('2 ngày trước');
    expect(formatRelativeTime(utc - 65 * 86_400_000, utc, 'elapsed')).toBe('2 tháng trước');
    expect(formatRelativeTime(utc - 400 * 86_400_000, utc, 'elapsed')).toBe('1 năm trước');
  });

  it('formats dates and times the Vietnamese way', () => {
    expect(formatDate(at(2025, 1, 2))).toBe('02/01/2025');
    expect(formatDateTime(at(2025, 1, 2, 7, 5))).toBe('07:05 02/01/2025');
  });
});
