/** @jest-environment node */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { convertChinese, convertEachLine } from '@/server/convert/engine';
import { hanVietTable } from '@/server/convert/hanviet/table';
import { PhraseDictionary } from '@/server/convert/phraseDictionary';
import { paragraphAgreement, syllableF1 } from '@/server/convert/qt/agreement';
import { emptyDictionaries, loadDictionaries, type ConvertDictionaries } from '@/server/convert/qt/load';
import { matchLuatNhan, readLuatNhan } from '@/server/convert/qt/luatNhan';
import { readEntries } from '@/server/convert/qt/read';
import { qtReference, qtReferenceLine } from '@/server/convert/qt/reference';

const STOCK = path.join(process.cwd(), '..', 'shared', 'real-data', 'quicktranslator-2013');
const fixtures = path.join(process.cwd(), '__tests__/fixtures/convert');
const dir = mkdtempSync(path.join(tmpdir(), 'convert-qt-'));

beforeAll(() => hanVietTable(), 60_000);

describe('reading QuickTranslator files', () => {
  it('takes the first meaning literally (a|b too), drops on an empty one and keeps the first duplicate', async () => {
    const dictionary = new PhraseDictionary();
    const report = await readEntries(Buffer.from('的=/của\r\n说=nói|bảo\r\n他=hắn\r\n他=y\r\n'), 'VietPhrase.txt', dictionary);
    expect(dictionary.get('的')).toBe('');
    expect(dictionary.get('说')).toBe('nói');
    expect(dictionary.get('他')).toBe('hắn');
    expect(report).toMatchObject({ entries: 3, duplicates: 1, skipped: 0 });
  });

  it('skips lines without "=", counts them and names the first as file:line', async () => {
    const report = await readEntries(Buffer.from('天=trời\n没有等号\n萧炎\tTiêu Viêm\n=không khóa\n地=đất'), 'Names.txt', new PhraseDictionary());
    expect(report).toMatchObject({ entries: 2, skipped: 3, firstSkipped: 'Names.txt:2' });
  });

  it('reads Names2 before Names, Names before VietPhrase, and reports an unreadable file instead of throwing', async () => {
    const qtDir = mkdtempSync(path.join(dir, 'qt-'));
    writeFileSync(path.join(qtDir, 'Names2.txt'), '白云=Bạch Vân Hai\n');
    writeFileSync(path.join(qtDir, 'Names.txt'), '白云=Bạch Vân\n林凡=Lâm Phàm\n');
    writeFileSync(path.join(qtDir, 'VietPhrase.txt'), '白云=mây trắng\n');
    const missing = path.join(dir, 'missing.txt');
    const { dictionaries, report } = await loadDictionaries({ vietPhrase: [missing], names: [], qtDir });
    expect(dictionaries.names.get('白云')).toBe('Bạch Vân Hai');
    expect(convertChinese('白云林凡', { dictionaries })).toBe('Bạch Vân Hai Lâm Phàm');
    expect(report.failures).toEqual([expect.stringContaining(missing)]);
  });

  it('reports a QuickTranslator folder without any of its files', async () => {
    const { report } = await loadDictionaries({ vietPhrase: [], names: [], qtDir: path.join(dir, 'nowhere') });
    expect(report.failures).toEqual([expect.stringMatching(/nowhere: no QuickTranslator file/)]);
  });
});

describe('LuatNhan', () => {
  const { rules, report } = readLuatNhan(Buffer.from('在{0}上=trên {0}\n又{0}又{0}=lại {0} lại {0}\n面积三平方公里=diện tích {0}\n'), 'LuatNhan.txt');
  const filler = new PhraseDictionary();
  for (const [key, meaning] of [['桌子', 'cái bàn'], ['他', 'hắn'], ['高', 'cao'], ['大', 'lớn']]) filler.add(key, meaning);
  const fill = { lengthsAt: (text: string, start: number) => filler.matchLengths(text, start), meaning: (key: string) => filler.get(key) ?? '' };

  it('reads rules with {0} and skips a key without one', () => {
    expect(rules.size).toBe(2);
    expect(report.skipped).toBe(1);
  });

  it('fills every {0} with an entry and writes the rule meaning', () => {
    expect(matchLuatNhan('在桌子上面', 0, rules, fill)).toEqual({ length: 4, text: 'trên cái bàn' });
    expect(matchLuatNhan('又高又大', 0, rules, fill)).toEqual({ length: 4, text: 'lại cao lại lớn' });
    expect(matchLuatNhan('在哪里', 0, rules, fill)).toBeUndefined();
  });
});

describe('QT mode of the converter', () => {
  it('applies LuatNhan where no entry has the text, and removes ignored phrases', () => {
    const { rules } = readLuatNhan(Buffer.from('在{0}上=trên {0}\n'), 'LuatNhan.txt');
    const dictionaries: ConvertDictionaries = {
      names: new PhraseDictionary(),
      vietPhrase: PhraseDictionary.fromRecord({ 桌子: 'cái bàn', 放: 'đặt' }),
      luatNhan: rules,
      ignored: ['本站广告'],
    };
    expect(convertChinese('放在桌子上本站广告', { dictionaries })).toBe('Đặt trên cái bàn');
    expect(qtReferenceLine('放在桌子上本站广告', dictionaries)).toBe('Đặt trên cái bàn');
  });
});

describe('the reference QuickTranslator algorithm', () => {
  const dictionaries: ConvertDictionaries = {
    names: PhraseDictionary.fromRecord({ 林凡: 'Lâm Phàm' }),
    vietPhrase: PhraseDictionary.fromRecord({ 凡人: 'phàm nhân', 林: 'rừng', 说: 'nói', 一个: 'một cái', 个人: 'cá nhân', 个人主义: 'chủ nghĩa cá nhân', 的: '' }),
    phienAm: PhraseDictionary.fromRecord({ 是: 'thị', 一: 'nhất', 人: 'nhân' }),
  };

  it('keeps a name whole against an entry that would cut into it, and lets a longer entry inside beat', () => {
    expect(qtReferenceLine('林凡说', dictionaries)).toBe('Lâm Phàm nói');
    expect(qtReferenceLine('一个人主义', dictionaries)).toBe('Nhất chủ nghĩa cá nhân');
    expect(qtReferenceLine('林凡人', dictionaries)).toBe('Lâm Phàm nhân');
  });

  it('drops an entry with an empty meaning and reads the rest with ChinesePhienAmWords', () => {
    expect(qtReferenceLine('是的。', dictionaries)).toBe('Thị.');
  });

  it('agrees with our QT mode on the same dictionaries', () => {
    const text = '林凡说个人主义的。林凡说';
    expect(paragraphAgreement(convertEachLine(text, { dictionaries }), qtReference(text, dictionaries))).toBe(1);
  });

  it('is followed by our QT mode: no heading reformatted, no built-in word where QT reads characters', () => {
    const phienAm = PhraseDictionary.fromRecord({ 是: 'thị', 第: 'đệ', 一: 'nhất', 章: 'chương', 竹: 'trúc', 篓: 'lũ', 声: 'thanh', 音: 'âm' });
    const full = { ...dictionaries, phienAm };
    const text = '第一章 林凡\n是竹篓的声音';
    expect(convertEachLine(text, { dictionaries: full })).toEqual(['Đệ nhất chương Lâm Phàm', 'Thị trúc lũ thanh âm']);
    expect(convertEachLine(text, { dictionaries: full })).toEqual(qtReference(text, full));
  });
});

describe('syllable F1', () => {
  it('ignores case and punctuation and counts shared syllables', () => {
    expect(syllableF1('Hắn nói: "Đi."', 'hắn nói đi')).toBe(1);
    expect(syllableF1('a b c d', 'a b x y')).toBe(0.5);
    expect(paragraphAgreement(['a b', ''], ['a b', ''])).toBe(1);
  });
});

const describeStock = existsSync(STOCK) ? describe : describe.skip;
if (!existsSync(STOCK)) console.warn(`QuickTranslator stock files not found at ${STOCK}: their tests are skipped.`);
/** Every text of our own prose, held-out ones included (QT mode is measured, never tuned, on them). */
const PROSE = [
  'chapter.zh.txt', 'prose.zh.txt', 'golden.zh.txt', 'heldout.zh.txt', 'heldout-genres.zh.txt',
  'heldout-workplace.zh.txt', 'heldout-campus.zh.txt', 'heldout-fantasy.zh.txt', 'heldout-court.zh.txt',
];

describeStock('the stock QuickTranslator 2013 files', () => {
  let stock: Awaited<ReturnType<typeof loadDictionaries>>;
  beforeAll(async () => {
    stock = await loadDictionaries({ vietPhrase: [], names: [], qtDir: STOCK });
  }, 60_000);

  it('load, with the lines QuickTranslator skips counted', () => {
    expect(stock.report.failures).toEqual([]);
    expect(stock.dictionaries.vietPhrase.size).toBeGreaterThan(120_000);
    expect(stock.dictionaries.names.size).toBeGreaterThan(1_000);
    expect(stock.report.firstSkipped).toBe(path.join(STOCK, 'VietPhrase.txt:119411'));
    expect(stock.report.files.find((file) => file.file.endsWith('VietPhrase.txt'))?.skipped).toBe(2);
  });

  it('are matched at 0.80 or more by the built-in data alone on the texts never used to tune it, taken together', () => {
    const reference: string[] = [];
    const builtIn: string[] = [];
    for (const name of PROSE.filter((file) => file.startsWith('heldout'))) {
      const text = readFileSync(path.join(fixtures, name), 'utf8');
      reference.push(...qtReference(text, stock.dictionaries));
      builtIn.push(...convertEachLine(text, { dictionaries: emptyDictionaries() }));
    }
    expect(paragraphAgreement(builtIn, reference)).toBeGreaterThanOrEqual(0.8);
  });

  it.each(PROSE)('give a QT mode that agrees with the reference at 0.95 or more on %s', (name) => {
    const text = readFileSync(path.join(fixtures, name), 'utf8');
    expect(paragraphAgreement(convertEachLine(text, { dictionaries: stock.dictionaries }), qtReference(text, stock.dictionaries))).toBeGreaterThanOrEqual(0.95);
  });
});
