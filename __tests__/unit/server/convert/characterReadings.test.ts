/** @jest-environment node */
import { convertChinese } from '@/server/convert/engine';
import { emptyDictionaries } from '@/server/convert/qt/load';
import { hanVietReading, hanVietTable } from '@/server/convert/hanviet/table';

/** Curated Hán-Việt readings Unihan lacks, and verbs of the hand said in Vietnamese when alone. */
const convert = (text: string) => convertChinese(text, { dictionaries: emptyDictionaries() });

beforeAll(() => hanVietTable(), 60_000);

describe('Hán-Việt readings of the supplement', () => {
  it.each([
    ['踮', 'điếm'],
    ['捋', 'loát'],
    ['瞟', 'phiêu'],
    ['嗑', 'khái'],
    ['痍', 'di'],
  ])('%s is %s', (character, reading) => {
    expect(hanVietReading(character)).toBe(reading);
  });
});

describe('verbs of the hand standing alone', () => {
  it.each([
    ['他用手撑着地面', /chống mặt đất$/],
    ['他撑着伞', /che ô$/],
    ['她揉了揉眼睛', /dụi dụi mắt$|xoa xoa mắt$/],
    ['她揉着肩膀', /^Nàng xoa /],
    ['他搓着手', /^Hắn (xoa|chà) /],
    ['他捋了捋胡子', /^Hắn vuốt vuốt /],
    ['她踮着脚', /^Nàng nhón /],
  ])('%s', (text, reading) => {
    expect(convert(text)).toMatch(reading);
  });
});
