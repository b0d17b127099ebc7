/** @jest-environment node */
import { convertChinese } from '@/server/convert/engine';
import { emptyDictionaries } from '@/server/convert/qt/load';
import { hanVietTable } from '@/server/convert/hanviet/table';
import { parseChineseNumber } from '@/server/convert/numbers';

/** A last digit after 百, 千 or 万 without 零 counts the next unit down, as people say numbers. */
const convert = (text: string) => convertChinese(text, { dictionaries: emptyDictionaries() });

beforeAll(() => hanVietTable(), 60_000);

describe('colloquial numbers', () => {
  it.each([
    ['一百四', 140],
    ['一千二', 1200],
    ['三万五', 35_000],
    ['一百零四', 104],
    ['两千零五', 2005],
    ['三万五千', 35_000],
    ['一百一十', 110],
    ['二十五', 25],
  ])('%s is %d', (text, value) => {
    expect(parseChineseNumber(text)).toBe(value);
  });

  it.each([
    ['一百四', /^Một trăm bốn mươi$/],
    ['一千二', /^Một ngàn hai trăm$/],
    ['三万五', /^Ba vạn năm ngàn$/],
    ['一百零四', /^Một trăm linh bốn$/],
  ])('%s reads %s', (text, reading) => {
    expect(convert(text)).toMatch(reading);
  });
});
