/** @jest-environment node */
import { parseDictionary, PhraseDictionary } from '@/server/convert/dictionary';

describe('parseDictionary (the built-in lists)', () => {
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

describe('PhraseDictionary', () => {
  it('keeps the first of duplicate keys with add and the last with set', () => {
    const dictionary = new PhraseDictionary();
    expect(dictionary.add('他', 'hắn')).toBe(true);
    expect(dictionary.add('他', 'y')).toBe(false);
    expect(dictionary.get('他')).toBe('hắn');
    dictionary.set('他', 'gã');
    expect(dictionary.get('他')).toBe('gã');
  });

  it('keeps meanings of any length as they were given', () => {
    const dictionary = new PhraseDictionary();
    const long = 'nghĩa '.repeat(2_000);
    for (let index = 0; index < 3_000; index++) dictionary.add(`词${index}`, `${index} ${long}`);
    dictionary.add('空', '');
    expect(dictionary.get('词2999')).toBe(`2999 ${long}`);
    expect(dictionary.get('空')).toBe('');
    expect(dictionary.matchLengths('词29号', 0)).toEqual([3, 2]);
  });

  it('finds every key by its longest match (the pair-and-length filter never hides one)', () => {
    const dictionary = new PhraseDictionary();
    const keys: string[] = [];
    for (let index = 0; index < 5_000; index++) {
      const key = [...String(index * 7919)].map((digit) => String.fromCharCode(0x4e00 + Number(digit) * 37 + (index % 13))).join('');
      if (dictionary.add(key, 'x')) keys.push(key);
    }
    for (const key of keys) expect([key, dictionary.longestMatchLength(`${key}`, 0)]).toEqual([key, key.length]);
  });

  it('takes more entries after compacting', () => {
    const dictionary = new PhraseDictionary().compact();
    dictionary.add('天', 'trời');
    dictionary.compact().add('地', 'đất');
    expect([dictionary.get('天'), dictionary.get('地')]).toEqual(['trời', 'đất']);
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
