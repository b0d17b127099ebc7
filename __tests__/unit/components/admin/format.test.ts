import { actionLabel, auditValue, formatDateTime, formatVnd, muteActive, shortDay, vipState } from '@/components/admin/format';

describe('console formats', () => {
  it('writes times in Vietnam’s time zone as DD/MM/YYYY HH:mm', () => {
    // 2026-11-26 07:05 UTC is 14:05 in Hanoi.
    expect(formatDateTime(Date.UTC(2026, 10, 26, 7, 5))).toBe('26/11/2026 14:05');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(0)).toBe('—');
  });

  it('writes amounts in đồng with Vietnamese grouping', () => {
    expect(formatVnd(120000)).toBe('120.000 ₫');
  });

  it('shortens a day of the health figures', () => {
    expect(shortDay('2026-11-05')).toBe('05/11');
    expect(shortDay('hôm nay')).toBe('hôm nay');
  });

  it('tells an active VIP from an expired one (expiry in seconds)', () => {
    const now = Date.UTC(2026, 10, 26);
    expect(vipState(now / 1000 + 86_400, now)).toMatchObject({ active: true });
    expect(vipState(now / 1000 - 86_400, now)).toMatchObject({ active: false, label: expect.stringContaining('Hết hạn') });
    expect(vipState(0, now)).toEqual({ active: false, label: 'Chưa có VIP' });
  });

  it('counts a mute only until it ends', () => {
    expect(muteActive({ until: 2_000 }, 1_000)).toBe(true);
    expect(muteActive({ until: 1_000 }, 2_000)).toBe(false);
    expect(muteActive(null)).toBe(false);
  });

  it('names known audit actions and keeps unknown ones as written', () => {
    expect(actionLabel('comment.hide')).toBe('Ẩn bình luận');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it('shows before/after values as text', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue('x')).toBe('x');
    expect(auditValue({ hidden: true })).toBe('{\n  "hidden": true\n}');
  });
});
