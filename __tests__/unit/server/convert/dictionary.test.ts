/** @jest-environment node */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadDictionariesFromEnv, loadDictionaryFiles, parseDictionary, PhraseDictionary } from '@/server/convert/dictionary';

describe('parseDictionary', () => {
  it('takes the first meaning of each line and trims keys and meanings', () => {
    const dictionary = parseDictionary('  修炼 =  tu luyện / luyện tập \n说=nói/bảo\n');
    expect(dictionary.get('修炼')).toBe('tu luyện');
    expect(dictionary.get('说')).toBe('nói');
    expect(dictionary.size).toBe(2);
  });

  it('skips blank lines and # and // comments', () => {
    const text = ['', '   ', '# 天=trời', '// 地=đất', '人=người'].join('\n');
    const dictionary = parseDictionary(text);
    expect(dictionary.size).toBe(1);
    expect(dictionary.get('天')).toBeUndefined();
    expect(dictionary.get('人')).toBe('người');
  });

  it.each([
    ['没有等号', 2, /Names\.txt:2: expected "中文=nghĩa"/],
    ['=nghĩa', 2, /Names\.txt:2: empty Chinese key/],
    ['天=tr\uFFFDi', 2, /Names\.txt:2: undecodable bytes/],
  ])('refuses the malformed line %j, naming the file and line', (bad, _line, message) => {
    expect(() => parseDictionary(`人=người\r\n${bad}\r\n地=đất`, undefined, 'Names.txt')).toThrow(message);
  });

  it('lets a later duplicate override an earlier one', () => {
    expect(parseDictionary('他=hắn\n他=y\n').get('他')).toBe('y');
  });

  it('keeps an empty meaning (a word to drop) and skips empty alternatives', () => {
    const dictionary = parseDictionary('的=\n了=/rồi\n');
    expect(dictionary.get('的')).toBe('');
    expect(dictionary.get('了')).toBe('rồi');
  });

  it('handles a byte-order mark and Windows line endings', () => {
    const dictionary = parseDictionary('\uFEFF天=trời\r\n地=đất\r\n');
    expect(dictionary.get('天')).toBe('trời');
    expect(dictionary.get('地')).toBe('đất');
  });

  it('keeps "=" inside a meaning after the first separator', () => {
    expect(parseDictionary('等于=bằng = nhau').get('等于')).toBe('bằng = nhau');
  });
});

describe('PhraseDictionary.longestMatchLength', () => {
  const dictionary = PhraseDictionary.fromRecord({ 修炼: 'tu luyện', 修炼者: 'người tu luyện', 修: 'tu' });

  it('finds the longest key at a position', () => {
    expect(dictionary.longestMatchLength('他是修炼者。', 2)).toBe(3);
    expect(dictionary.longestMatchLength('修炼吧', 0)).toBe(2);
    expect(dictionary.longestMatchLength('修为', 0)).toBe(1);
  });

  it('returns 0 when nothing matches or the text ends before the key', () => {
    expect(dictionary.longestMatchLength('他是', 0)).toBe(0);
    expect(dictionary.longestMatchLength('修炼', 1)).toBe(0);
  });

  it('handles characters outside the Basic Multilingual Plane', () => {
    const rare = PhraseDictionary.fromRecord({ '𠀾𠀾': 'x' });
    expect(rare.longestMatchLength('a𠀾𠀾', 1)).toBe(4);
  });
});

describe('loading files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'convert-dict-'));
  const first = path.join(dir, 'a.txt');
  const second = path.join(dir, 'b.txt');
  writeFileSync(first, '他=hắn\n说=nói\n');
  writeFileSync(second, '他=y\n');

  it('merges files in order, the later file winning', () => {
    const dictionary = loadDictionaryFiles([first, second]);
    expect(dictionary.get('他')).toBe('y');
    expect(dictionary.get('说')).toBe('nói');
  });

  it('names the variable and the path of a missing file', () => {
    expect(() => loadDictionaryFiles([path.join(dir, 'missing.txt')], 'CONVERT_NAMES_FILES')).toThrow(
      /CONVERT_NAMES_FILES: cannot read dictionary file .*missing\.txt/,
    );
  });

  it('loads the configured comma-separated paths once and caches them', () => {
    const env = { CONVERT_VIETPHRASE_FILES: ` ${first} , ${second} `, CONVERT_NAMES_FILES: first };
    const loaded = loadDictionariesFromEnv(env);
    expect(loaded.vietPhrase.get('他')).toBe('y');
    expect(loaded.names.get('说')).toBe('nói');
    expect(loadDictionariesFromEnv({ ...env })).toBe(loaded);
    const empty = loadDictionariesFromEnv({});
    expect(empty).not.toBe(loaded);
    expect(empty.vietPhrase.size + empty.names.size).toBe(0);
  });
});
