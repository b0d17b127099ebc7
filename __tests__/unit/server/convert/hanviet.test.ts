/** @jest-environment node */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildHanVietTable, parseSupplement, serializeHanVietTable, sha256, type HanVietSourceRecord } from '@/server/convert/hanviet/build';
import { HANVIET_GENERATED_PATH, HANVIET_SOURCE_PATH, HANVIET_SUPPLEMENT_PATH } from '@/server/convert/hanviet/paths';
import { UNIHAN_SOURCE } from '@/server/convert/hanviet/unihanSource';
import { charactersByFrequency } from '@/server/convert/hanviet/frequency';
import { rankHanVietReadings } from '@/server/convert/hanviet/rank';
import { normalizeSyllable } from '@/server/convert/hanviet/syllable';
import { hanVietReading, hanVietReadings, hanVietTable, loadHanVietTable } from '@/server/convert/hanviet/table';
import { decodeUnihanCharacter, readGb2312Characters, type UnihanReadingRow } from '@/server/convert/hanviet/unihan';

describe('normalizeSyllable', () => {
  it.each([
    ['hoá', 'hóa'],
    ['thuỷ', 'thủy'],
    ['khoẻ', 'khỏe'],
    ['Hoà', 'hòa'],
    ['quý', 'quý'],
    ['hoàng', 'hoàng'],
    ['thiên', 'thiên'],
    ['toán', 'toán'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeSyllable(input)).toBe(expected);
  });
});

const row = (character: string, readings: string[], variants: string[], mandarin: string[] = []): UnihanReadingRow => ({
  character,
  readings,
  variants,
  mandarin,
  simplifiedVariants: [],
  traditionalVariants: [],
});

describe('buildHanVietTable', () => {
  const rows = [
    row('說', [], ['说']),
    row('说', [], ['說', '説']),
    row('説', ['thuyết', 'thoát'], ['说']),
    row('們', ['món'], ['们']),
    row('们', [], ['們']),
    row('化', ['hoá'], []),
    row('孤', [], []),
    row('看', ['khan', 'khán'], [], ['kàn']),
    row('讓', ['nhường', 'nhượng'], ['让'], ['ràng']),
    row('让', [], ['讓'], ['ràng']),
  ];

  it('takes the first reading, normalised, and extends it through variants both ways', () => {
    const table = buildHanVietTable(rows, new Map());
    expect(table.get('説')?.[0]).toBe('thuyết');
    expect(table.get('说')?.[0]).toBe('thuyết');
    expect(table.get('說')?.[0]).toBe('thuyết');
    expect(table.get('化')).toEqual(['hóa']);
    expect(table.has('孤')).toBe(false);
  });

  it('puts the reading that fits the Mandarin tone first, also through variants', () => {
    const table = buildHanVietTable(rows, new Map());
    expect(table.get('看')).toEqual(['khán', 'khan']);
    expect(table.get('让')?.[0]).toBe('nhượng');
  });

  it('prefers the curated supplement over Unihan, also for variants, and keeps alternatives', () => {
    const table = buildHanVietTable(rows, parseSupplement('# comment 們=x\n們=môn 长=trường/trưởng\n'));
    expect(table.get('們')).toEqual(['môn', 'món']);
    expect(table.get('们')?.[0]).toBe('môn');
    expect(table.get('长')).toEqual(['trường', 'trưởng']);
  });

  it('serialises in code-point order, so rebuilding gives the same bytes', () => {
    const a = serializeHanVietTable(buildHanVietTable(rows, new Map()));
    const b = serializeHanVietTable(buildHanVietTable([...rows].reverse(), new Map()));
    expect(a).toBe(b);
    expect(Object.keys(JSON.parse(a).readings)).toEqual(['们', '們', '化', '看', '說', '説', '讓', '让', '说']);
  });
});

describe('rankHanVietReadings', () => {
  it.each([
    [['khan', 'khán'], ['kàn'], 'khán'],
    [['lại', 'hựu'], ['yòu'], 'hựu'],
    [['an', 'án', 'yên'], ['àn'], 'án'],
    [['nhản', 'nhãn'], ['yǎn'], 'nhãn'],
    [['hòng', 'hồng'], ['hóng'], 'hồng'],
  ])('%j with %j puts %s first', (readings, mandarin, first) => {
    expect(rankHanVietReadings(readings, mandarin)[0]).toBe(first);
  });

  it('keeps Unihan order without a Mandarin reading', () => {
    expect(rankHanVietReadings(['khan', 'khán'], [])).toEqual(['khan', 'khán']);
  });
});

describe('decodeUnihanCharacter', () => {
  it('decodes the escapes of characters beyond the Basic Multilingual Plane', () => {
    expect(decodeUnihanCharacter('\\x{20016}')).toBe('\u{20016}');
    expect(decodeUnihanCharacter('天')).toBe('天');
  });
});

describe('the generated table', () => {
  beforeAll(() => hanVietTable(), 60_000);

  it.each([
    ['天', 'thiên'],
    ['下', 'hạ'],
    ['说', 'thuyết'],
    ['說', 'thuyết'],
    ['苍', 'thương'],
    ['蒼', 'thương'],
    ['斗', 'đấu'],
    ['们', 'môn'],
    ['水', 'thủy'],
    ['看', 'khán'],
    ['又', 'hựu'],
    ['让', 'nhượng'],
    ['候', 'hậu'],
    ['案', 'án'],
    ['禧', 'hi'],
    ['圳', 'quyến'],
    ['倏', 'thúc'],
    ['鳍', 'kỳ'],
    ['李', 'lý'],
    ['美', 'mỹ'],
    ['季', 'quý'],
    ['么', 'ma'],
    ['幺', 'yêu'],
    ['著', 'trứ'],
    ['\u{20016}', 'khạng'],
  ])('reads %s as %s', (character, reading) => {
    expect(hanVietReading(character)).toBe(reading);
  });

  it.each([
    ['长', ['trường', 'trưởng']],
    ['行', ['hành', 'hàng']],
    ['重', ['trọng', 'trùng']],
  ])('keeps every reading of %s, the default first', (character, readings) => {
    expect(hanVietReadings(character).slice(0, 2)).toEqual(readings);
  });

  it('reads at least 99 % of the 5,000 most frequent simplified characters', async () => {
    const gb2312 = new Set([...readGb2312Characters(1), ...readGb2312Characters(2)]);
    const top = charactersByFrequency(gb2312).slice(0, 5_000);
    expect(top).toHaveLength(5_000);
    const missing = top.filter((character) => !hanVietReading(character));
    expect(missing.length).toBeLessThanOrEqual(50);
  }, 30_000);

  it('covers every Chinese character of the fixture chapter', () => {
    const chapter = readFileSync(path.join(process.cwd(), '__tests__/fixtures/convert/chapter.zh.txt'), 'utf8');
    const missing = [...new Set(chapter.match(/\p{Script=Han}/gu))].filter((character) => !hanVietReading(character));
    expect(missing).toEqual([]);
  });

  it('is committed with the record of its command, inputs and checksum', () => {
    const record = JSON.parse(readFileSync(HANVIET_SOURCE_PATH, 'utf8')) as HanVietSourceRecord;
    expect(record.command).toBe('npm run hanviet:generate');
    expect(sha256(readFileSync(HANVIET_GENERATED_PATH))).toBe(record.sha256);
    expect(record.inputs.unihan).toEqual({ package: UNIHAN_SOURCE.package, version: UNIHAN_SOURCE.version, integrity: UNIHAN_SOURCE.integrity });
    expect(record.inputs.supplement.sha256).toBe(sha256(readFileSync(HANVIET_SUPPLEMENT_PATH, 'utf8')));
    expect(record.characters).toBe(hanVietTable().size);
  });

  it('refuses a table of another version, naming the command that regenerates it', () => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'hanviet-')), 'hanviet.json');
    writeFileSync(target, JSON.stringify({ version: 1, readings: { 天: 'thiên' }, traditionalOnly: '', simplifiedOnly: '' }));
    expect(() => loadHanVietTable(target)).toThrow(/npm run hanviet:generate/);
  });

  it('reads GB 2312 from the encoding: 3,755 characters in level 1, 3,008 in level 2', () => {
    expect(readGb2312Characters(1)).toHaveLength(3_755);
    expect(readGb2312Characters(2)).toHaveLength(3_008);
    expect(readGb2312Characters(1).slice(0, 2)).toEqual(['啊', '阿']);
  });
});
