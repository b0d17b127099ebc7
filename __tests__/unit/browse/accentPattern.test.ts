/** @jest-environment node */
import { accentInsensitivePattern } from '@/server/services/search';

describe('accentInsensitivePattern', () => {
  it('matches accented prose for a folded keyword, bounded by PostgreSQL word marks', () => {
    const source = accentInsensitivePattern('linh khi');
    expect(source.startsWith('\\m')).toBe(true);
    expect(source.endsWith('\\M')).toBe(true);
    const body = (keyword: string) => new RegExp(accentInsensitivePattern(keyword).slice(2, -2), 'iu');
    expect(body('linh khi').test('Một chuyến đi tìm Linh Khí thất truyền')).toBe(true);
    expect(body('linh khi').test('linh hồn')).toBe(false);
    expect(body('do thi').test('ĐÔ THỊ')).toBe(true);
    expect(body('a.b').test('axb')).toBe(false);
  });
});
