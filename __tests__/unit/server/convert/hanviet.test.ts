/** @jest-environment node */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildHanVietTable, parseSupplement, serializeHanVietTable } from '@/server/convert/hanviet/build';
import { normalizeSyllable } from '@/server/convert/hanviet/syllable';
import { hanVietReading, hanVietTable, loadHanVietTable } from '@/server/convert/hanviet/table';

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

describe('buildHanVietTable', () => {
  const rows = [
    { character: '說', readings: [], variants: ['说'] },
    { character: '说', readings: [], variants: ['說', '説'] },
    { character: '説', readings: ['thuyết', 'thoát'], variants: ['说'] },
    { character: '們', readings: ['món'], variants: ['们'] },
    { character: '们', readings: [], variants: ['們'] },
    { character: '化', readings: ['hoá'], variants: [] },
    { character: '孤', readings: [], variants: [] },
  ];

  it('takes the first reading, normalised, and extends it through variants both ways', () => {
    const table = buildHanVietTable(rows, new Map());
    expect(table.get('説')).toBe('thuyết');
    expect(table.get('说')).toBe('thuyết');
    expect(table.get('說')).toBe('thuyết');
    expect(table.get('化')).toBe('hóa');
    expect(table.has('孤')).toBe(false);
  });

  it('prefers the curated supplement over Unihan, also for variants', () => {
    const table = buildHanVietTable(rows, parseSupplement('# comment 們=x\n們=môn\n'));
    expect(table.get('們')).toBe('môn');
    expect(table.get('们')).toBe('môn');
  });

  it('serialises in code-point order, so rebuilding gives the same bytes', () => {
    const a = serializeHanVietTable(buildHanVietTable(rows, new Map()));
    const b = serializeHanVietTable(buildHanVietTable([...rows].reverse(), new Map()));
    expect(a).toBe(b);
    expect(Object.keys(JSON.parse(a))).toEqual(['们', '們', '化', '說', '説', '说']);
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
  ])('reads %s as %s', (character, reading) => {
    expect(hanVietReading(character)).toBe(reading);
  });

  it('covers every Chinese character of the fixture chapter', () => {
    const chapter = readFileSync(path.join(process.cwd(), '__tests__/fixtures/convert/chapter.zh.txt'), 'utf8');
    const missing = [...new Set(chapter.match(/\p{Script=Han}/gu))].filter((character) => !hanVietReading(character));
    expect(missing).toEqual([]);
  });

  it('is generated on first use when the file is missing', () => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'hanviet-')), 'hanviet.json');
    const table = loadHanVietTable(target);
    expect(table.get('天')).toBe('thiên');
    expect(table.size).toBeGreaterThan(10_000);
  }, 60_000);
});
