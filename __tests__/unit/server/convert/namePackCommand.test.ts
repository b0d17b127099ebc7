/** @jest-environment node */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatNamePack } from '@/lib/namePack';
import { loadDictionaries } from '@/server/convert/qt/load';

/** A name pack the names editor downloads is a Names file `npm run convert -- --names` reads. */

const SHARED = { 林渊: 'Lâm Đại Hiệp', 青云宗: 'Thanh Vân Phái' };
const MINE = { 苏晴: 'Tô Thiên Tình', 林渊: 'Lâm Thiếu Hiệp' };

let dir: string;
let packFile: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'name-pack-'));
  packFile = path.join(dir, 'Names-thu.txt');
  writeFileSync(packFile, formatNamePack(SHARED, MINE));
  writeFileSync(path.join(dir, 'story.txt'), '林渊走进青云宗，看见苏晴。\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an exported name pack', () => {
  it('loads as a Names file: every entry, no line skipped', async () => {
    const { dictionaries, report } = await loadDictionaries({ vietPhrase: [], names: [packFile] });
    expect(report).toMatchObject({ skipped: 0, failures: [] });
    expect(report.files).toEqual([expect.objectContaining({ entries: 3, duplicates: 0, skipped: 0 })]);
    expect(dictionaries.names.size).toBe(3);
  });

  it('is read by npm run convert -- --names FILE', async () => {
    const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const { stdout, stderr } = await promisify(execFile)(tsx, ['scripts/convert.ts', '--names', packFile, path.join(dir, 'story.txt')], { cwd: process.cwd(), timeout: 90_000 });
    expect(stdout.trim()).toBe('Lâm Thiếu Hiệp đi vào Thanh Vân Phái, thấy Tô Thiên Tình.');
    expect(stderr).toMatch(/^dictionaries: 3 names/m);
    expect(stderr).toMatch(/^lines skipped: 0$/m);
  }, 120_000);
});
