/** @jest-environment node */
import { convertChinese } from '@/server/convert/engine';
import { emptyDictionaries } from '@/server/convert/qt/load';
import { hanVietTable } from '@/server/convert/hanviet/table';
import { detectNames } from '@/server/convert/names';
import { segmentLine } from '@/server/convert/segment';

/** Names found without a Names entry: ordinary words are none, made-up sects and schools are. */
const convert = (text: string) => convertChinese(text, { dictionaries: emptyDictionaries() });
const namesIn = (line: string) => [...detectNames(line, segmentLine(line))].map(([start, end]) => line.slice(start, end));

beforeAll(() => hanVietTable(), 60_000);

describe('a surname before a frequent adverb or a repeated character starts no name', () => {
  it.each([
    ['他许再提此事', '许再提'],
    ['大包小包地提着', '包小包'],
  ])('%s', (text, notName) => {
    expect(namesIn(text)).not.toContain(notName);
  });
});

describe('a modal verb after a surname is the verb, not a given name', () => {
  it.each([
    ['王要走了。', 'Vương muốn đi.'],
    ['李会回来的。', /^Lý hội trở về/],
    ['今日本王要出宫。', 'Hôm nay bổn vương muốn ra cung.'],
  ])('%s', (text, reading) => {
    expect(convert(text)).toMatch(reading);
  });
});

describe('a frequent verb after a given name is the verb', () => {
  it.each([
    ['林逸戴上了帽子', '林逸', /^Lâm Dật /],
  ])('%s', (text, name, reading) => {
    expect(namesIn(text)).toContain(name);
    expect(convert(text)).toMatch(reading);
  });
});

describe('a word the phrase list reads as an everyday word is no name', () => {
  it.each([
    ['雷光闪烁', /^Lôi quang /],
    ['地面一片焦黑', /cháy đen$/],
    ['一片火海', /biển lửa$/],
  ])('%s', (text, reading) => {
    expect(convert(text)).toMatch(reading);
  });
});

describe('made-up sects and schools are read in Hán-Việt with capitals', () => {
  it.each([
    ['他拜入天衍宗', /Thiên Diễn Tông$/],
    ['天武学院的学生', /^Thiên V[õũ] Học Viện /],
  ])('%s', (text, reading) => {
    expect(convert(text)).toMatch(reading);
  });
});

describe('a time word cut across a place name', () => {
  it.each([
    ['今日本座心情好', /^Hôm nay b[ảổ]n tọa /],
    ['今日本王心情好', /^Hôm nay b[ảổ]n vương /],
  ])('%s', (text, reading) => {
    expect(convert(text)).toMatch(reading);
    expect(convert(text)).not.toMatch(/Nhật Bản/);
  });

  it('a real place name stays one', () => {
    expect(convert('我去日本')).toMatch(/Nhật Bản$/);
  });
});

describe('real names stay names', () => {
  it.each([
    ['林凡看着他', /^Lâm Phàm /],
    ['韩立说', /^Hàn Lập /],
    ['林晓看书', /^Lâm Hiểu /],
    ['他来到青石镇', /Thanh Thạch Trấn$/],
  ])('%s', (text, reading) => {
    expect(convert(text)).toMatch(reading);
  });
});

describe('a surname before a trade or an office is the name, the title a word', () => {
  it.each([
    ['王经理点点头', /^Vương quản lý gật/],
    ['李老师说', /^Lý lão sư nói/],
  ])('%s', (text, reading) => {
    expect(convert(text)).toMatch(reading);
  });
});
