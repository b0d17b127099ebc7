/** @jest-environment node */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PhraseDictionary, type ConvertDictionaries } from '@/server/convert/dictionary';
import { loadDictionaries } from '@/server/convert/qt/load';
import { utf8Bytes } from '@/server/convert/qt/read';
import { convertChinese, convertHeading, convertWithStats } from '@/server/convert/engine';
import { hanVietReading, hanVietTable } from '@/server/convert/hanviet/table';
import { parseChineseNumber, vietnameseNumber } from '@/server/convert/numbers';
import { isTraditional, simplify } from '@/server/convert/simplify';

const fixtures = path.join(process.cwd(), '__tests__/fixtures/convert');
const none: ConvertDictionaries = { vietPhrase: new PhraseDictionary(), names: new PhraseDictionary() };
const convert = (text: string, names?: Record<string, string>) => convertChinese(text, { dictionaries: none, names });

beforeAll(() => hanVietTable(), 60_000);

describe('headings', () => {
  it.each([
    ['第1章 少年', 'Chương 1: Thiếu niên'],
    ['第一百二十三章 天才', 'Chương 123: Thiên tài'],
    ['第３章：出发', 'Chương 3: Xuất phát'],
    ['第二十回 林晓', 'Hồi 20: Lâm Hiểu'],
    ['第五节', 'Tiết 5'],
    ['卷二', 'Quyển 2'],
    ['卷三 少年', 'Quyển 3: Thiếu niên'],
    ['第一卷 第三章 少年', 'Quyển 1 - Chương 3: Thiếu niên'],
    ['第一千零一章', 'Chương 1001'],
  ])('%s → %s', (line, expected) => {
    expect(convert(line)).toBe(expected);
  });

  it('only reads a heading at the start of a line', () => {
    expect(convert('他读了第一章。')).not.toMatch(/Chương/);
  });

  it('gives chapter lists title-cased headings and no heading for other titles', () => {
    expect(convertHeading('第12章 外门杂役', { dictionaries: none })).toBe('Chương 12: Ngoại Môn Tạp Dịch');
    expect(convertHeading('楔子', { dictionaries: none })).toBeUndefined();
  });
});

describe('numbers', () => {
  it.each([
    ['十五', 15],
    ['一百零五', 105],
    ['两千三百四十五', 2345],
    ['三万五千', 35_000],
    ['二零二四', 2024],
    ['一亿', 100_000_000],
  ])('parses %s as %d', (text, value) => {
    expect(parseChineseNumber(text)).toBe(value);
  });

  it.each([
    [15, 'mười lăm'],
    [21, 'hai mươi mốt'],
    [24, 'hai mươi bốn'],
    [105, 'một trăm linh năm'],
    [1005, 'một ngàn không trăm linh năm'],
    [35_000, 'ba vạn năm ngàn'],
  ])('says %d as %s', (value, words) => {
    expect(vietnameseNumber(value)).toBe(words);
  });

  it.each([
    ['他今年十五岁', 'Hắn năm nay mười lăm tuổi'],
    ['三个人', 'Ba người'],
    ['要一个', 'Muốn một cái'],
    ['一台', 'Một cỗ'],
    ['第三天', 'Ngày thứ ba'],
    ['二十两银子', 'Hai mươi lượng bạc'],
    ['卖了3.5万台', 'Bán 3.5 vạn cỗ'],
  ])('in prose %s → %s', (text, expected) => {
    expect(convert(text)).toBe(expected);
  });
});

describe('readings and phrases', () => {
  it.each([
    ['看', 'Xem'],
    ['看了看', 'Nhìn nhìn'],
    ['这是', 'Đây là'],
    ['走', 'Đi'],
    ['长老', 'Trưởng lão'],
    ['银行', 'Ngân hàng'],
    ['重要', 'Quan trọng'],
    ['又', 'Lại'],
  ])('%s → %s', (text, expected) => {
    expect(convert(text)).toBe(expected);
  });

  it('reads 重生 as a word (trùng or trọng, as converters write it), never the "heavy" of 重', () => {
    expect(convert('重生')).toMatch(/^(Trùng|Trọng) sinh$/);
  });

  it.each([
    ['看', 'khán'],
    ['又', 'hựu'],
    ['让', 'nhượng'],
    ['候', 'hậu'],
    ['案', 'án'],
  ])('reads %s in Hán-Việt (%s), not Nôm, where no phrase gives a meaning', (character, reading) => {
    expect(hanVietReading(character)).toBe(reading);
  });
});

describe('simplification', () => {
  it.each([
    ['么', false],
    ['显著的著作', false],
    ['他說：「我們走吧。」', true],
  ])('%s is traditional: %s', (text, traditional) => {
    expect(isTraditional(text)).toBe(traditional);
  });

  it('leaves simplified text alone', () => {
    expect(simplify('么')).toBe('么');
    expect(simplify('显著的著作')).toBe('显著的著作');
    expect(simplify('幺妹')).toBe('幺妹');
  });

  it('keeps the reading of 著 and tells 么 from 幺', () => {
    expect(convert('显著的著作')).toMatch(/tác/);
    expect(convert('幺妹')).toBe('Yêu muội');
    expect(convert('什么')).toBe('Cái gì');
  });

  it('converts traditional text', () => {
    expect(convert('他說：「我們走吧。」')).toBe(convert('他说：“我们走吧。”'));
  });
});

describe('names', () => {
  it.each([
    ['林晓看了看他', 'Lâm Hiểu nhìn nhìn hắn'],
    ['他来到青云宗', 'Hắn đi tới Thanh Vân Tông'],
    ['丫鬟小桃', 'Nha hoàn Tiểu Đào'],
    ['苏晴回过神来', 'Tô Tình lấy lại tinh thần'],
  ])('capitalises %s without a Names entry', (text, expected) => {
    expect(convert(text)).toBe(expected);
  });

  it('lets the story names win over detected names', () => {
    expect(convert('林晓看了看他', { 林晓: 'Lâm Tiểu Hiểu' })).toBe('Lâm Tiểu Hiểu nhìn nhìn hắn');
    expect(convert('他来到青云宗', { 青云宗: 'Mây Xanh Tông' })).toBe('Hắn đi tới Mây Xanh Tông');
  });

  it('does not capitalise common words jieba tags as names', () => {
    expect(convert('那棵老槐树')).not.toMatch(/[A-ZĐ]\S* [A-ZĐ]/u);
    expect(convert('若想见他')).toMatch(/^Nếu/);
  });
});

describe('dictionary files as operators have them', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'convert-files-'));
  const utf16 = (text: string, endian: 'le' | 'be', bom: boolean) => {
    const body = Buffer.from(text, 'utf16le');
    if (endian === 'be') body.swap16();
    const mark = endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff];
    return bom ? Buffer.concat([Buffer.from(mark), body]) : body;
  };

  it.each([
    ['UTF-16LE with BOM', utf16('林晓=Lâm Hiểu\r\n', 'le', true)],
    ['UTF-16LE without BOM', utf16('林晓=Lâm Hiểu\r\n', 'le', false)],
    ['UTF-16BE with BOM', utf16('林晓=Lâm Hiểu\r\n', 'be', true)],
    ['UTF-16BE without BOM', utf16('林晓=Lâm Hiểu\r\n', 'be', false)],
    ['UTF-8 with BOM and CRLF', Buffer.from('\uFEFF林晓=Lâm Hiểu\r\n')],
  ])('reads a Names file in %s', async (_, bytes) => {
    const file = path.join(dir, `${_.replace(/\W+/g, '-')}.txt`);
    writeFileSync(file, bytes);
    const { dictionaries } = await loadDictionaries({ names: [file], vietPhrase: [] });
    expect(dictionaries.names.get('林晓')).toBe('Lâm Hiểu');
    expect(convertChinese('林晓走了', { dictionaries })).toMatch(/^Lâm Hiểu /);
  });

  it('takes the first alternative literally, skips comments and blank lines, and lets the first file win', async () => {
    const first = path.join(dir, 'VietPhrase1.txt');
    const second = path.join(dir, 'VietPhrase2.txt');
    writeFileSync(first, utf16('# chú thích\r\n\r\n修炼=tu luyện/luyện tập\r\n他=hắn\r\n的=/của\r\n', 'le', true));
    writeFileSync(second, '他=y\n说=nói|bảo\n');
    const { dictionaries } = await loadDictionaries({ vietPhrase: [first, second], names: [] });
    expect(dictionaries.vietPhrase.get('修炼')).toBe('tu luyện');
    expect(dictionaries.vietPhrase.get('他')).toBe('hắn');
    expect(dictionaries.vietPhrase.get('说')).toBe('nói');
    expect(convertChinese('他看着自己的剑', { dictionaries })).not.toMatch(/của/);
  });

  it('skips a line without "=" and names the first such line', async () => {
    const bad = path.join(dir, 'Names-bad.txt');
    writeFileSync(bad, utf16('林晓=Lâm Hiểu\r\n\r\n萧炎\tTiêu Viêm\r\n苏晴=Tô Tình\r\n', 'le', true));
    const { dictionaries, report } = await loadDictionaries({ names: [bad], vietPhrase: [] });
    expect(dictionaries.names.size).toBe(2);
    expect(report.skipped).toBe(1);
    expect(report.firstSkipped).toBe(`${bad}:3`);
  });

  it('decodes plain UTF-8', () => {
    expect(utf8Bytes(Buffer.from('天=trời')).toString()).toBe('天=trời');
  });
});

describe('golden text', () => {
  it('converts a few paragraphs the way a bilingual reader accepts', () => {
    const source = readFileSync(path.join(fixtures, 'golden.zh.txt'), 'utf8');
    const expected = readFileSync(path.join(fixtures, 'golden.vi.txt'), 'utf8').trim();
    expect(convert(source)).toBe(expected);
  });
});

describe('phrase share', () => {
  it('converts at least 60 % of the Han characters of prose never used for tuning as a phrase, number or name', () => {
    const { stats } = convertWithStats(readFileSync(path.join(fixtures, 'heldout.zh.txt'), 'utf8'), { dictionaries: none });
    const covered = stats.phrase + stats.name + stats.number + stats.dictionary;
    const han = covered + stats['hanviet-word'] + stats.hanviet + stats.unknown;
    expect(han).toBeGreaterThan(300);
    expect(covered / han).toBeGreaterThanOrEqual(0.6);
    expect(stats.unknown).toBe(0);
  });
});
