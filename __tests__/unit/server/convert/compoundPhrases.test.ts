/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { convertChinese } from '@/server/convert/engine';
import { emptyDictionaries } from '@/server/convert/qt/load';
import { hanVietTable } from '@/server/convert/hanviet/table';
import { builtInPhrases } from '@/server/convert/builtIn';
import { PHRASES_DIR } from '@/server/convert/hanviet/paths';

/** The generated compound list says degree adverbs and complements as the conventions do. */
const convert = (text: string) => convertChinese(text, { dictionaries: emptyDictionaries() });

function compoundEntries(): [string, string][] {
  return readdirSync(PHRASES_DIR)
    .filter((name) => name.startsWith('92-compounds'))
    .flatMap((name) => readFileSync(path.join(PHRASES_DIR, name), 'utf8').split('\n'))
    .filter((line) => !line.startsWith('#') && line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
}

beforeAll(() => hanVietTable(), 60_000);

describe('compounds said as the conventions say their parts', () => {
  it.each([
    ['很漂亮', /^Thực xinh đẹp$/],
    ['停止下来', /^Dừng lại$/],
    ['稳定下来', /^Ổn định lại$/],
    ['冷静下来', /^Bình tĩnh lại$/],
    ['他再也不会来了', /^Hắn (?!.*không bao giờ nữa sẽ không)/],
    ['下楼梯', /^Xuống cầu thang$/],
    ['放鞭炮', /^Thả pháo$/],
  ])('%s', (text, reading) => {
    expect(convert(text)).toMatch(reading);
  });

  it('every generated 很 compound starts with the reading of 很', () => {
    const degree = builtInPhrases().get('很');
    const withDegree = compoundEntries().filter(([word]) => word.startsWith('很'));
    expect(withDegree.length).toBeGreaterThan(0);
    for (const [, meaning] of withDegree) expect(meaning.startsWith(`${degree} `)).toBe(true);
  });

  it('no generated compound says 下来 "xuống dưới" after a word', () => {
    expect(compoundEntries().filter(([word, meaning]) => word.endsWith('下来') && meaning.endsWith('xuống dưới'))).toEqual([]);
  });
});
