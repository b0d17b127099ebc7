/** @jest-environment node */
import { convertChapterTitle, parseChineseNumber } from '@/server/services/embedding/titles';

describe('parseChineseNumber', () => {
  it.each([
    ['12', 12],
    ['１２', 12],
    ['一', 1],
    ['十', 10],
    ['十二', 12],
    ['二十', 20],
    ['一百零五', 105],
    ['两千三百四十五', 2345],
    ['一万零一', 10001],
    ['〇', 0],
  ])('reads %s as %d', (text, value) => {
    expect(parseChineseNumber(text)).toBe(value);
  });

  it('refuses text that is not a number', () => {
    expect(parseChineseNumber('')).toBeNull();
    expect(parseChineseNumber('第一')).toBeNull();
    expect(parseChineseNumber('12a')).toBeNull();
  });
});

describe('convertChapterTitle', () => {
  it('writes the 第N章 heading as "Chương N:" before the converted title', () => {
    const title = convertChapterTitle('第12章 外门杂役', 12);
    expect(title).toMatch(/^Chương 12: \S/);
    expect(title).not.toMatch(/\p{Script=Han}/u);
  });

  it('reads Chinese numerals and full-width separators', () => {
    expect(convertChapterTitle('第一百零五章：尸潮', 105)).toMatch(/^Chương 105: \S/);
    expect(convertChapterTitle('第三十章', 30)).toBe('Chương 30');
  });

  it('applies the story names', () => {
    expect(convertChapterTitle('第3章 林渊出关', 3, { 林渊: 'Lâm Uyên' })).toMatch(/^Chương 3: Lâm Uyên/);
  });

  it('converts titles without a heading and names empty ones by their place', () => {
    expect(convertChapterTitle('楔子', 1)).not.toMatch(/\p{Script=Han}/u);
    expect(convertChapterTitle('  ', 7)).toBe('Chương 7');
  });
});
