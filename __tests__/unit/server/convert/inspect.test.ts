/** @jest-environment node */
import { affectedLines, replaceParagraphs, wordsOf } from '@/lib/embedding/chapterDetail';
import { PhraseDictionary, type ConvertDictionaries } from '@/server/convert/dictionary';
import { convertParagraphs } from '@/server/convert/engine';
import { hanVietTable } from '@/server/convert/hanviet/table';
import { detailsText, hanVietLine, lookUpWords, paragraphDetails } from '@/server/convert/inspect';
import { builtInWordReadings } from '@/server/convert/builtIn';
import { hanVietReading } from '@/server/convert/hanviet/table';
import { readEntries } from '@/server/convert/qt/read';

const none: ConvertDictionaries = { vietPhrase: new PhraseDictionary(), names: new PhraseDictionary() };

/** A chapter of about 3,000 characters in which 雾港 (read "sương mù cảng", split in two) comes back now and then. */
function chapter(): string {
  const lines = [
    '第一章 雾港',
    '　　雾港的清晨总带着咸腥的海风，码头上的汽笛一声长过一声。',
    '　　当铺的柜台很高，掌柜从柜台后面探出半个脑袋，眯着眼睛打量着他递过去的怀表。',
    '',
    '　　“小顾，主编叫你去一趟。”隔壁桌的老陈头也不抬地说道，手里的钢笔沙沙作响。',
    '　　雨下得很大，街边的煤气灯在雨幕里晕成一团团昏黄的光，整个雾港都安静下来。',
    '　　他在笔记本上写下三个名字，又一个个划掉，最后只留下了“周”字。',
  ];
  const text = [...lines];
  while (text.join('\n').length < 3_000) text.push(...lines.slice(1));
  return text.join('\n');
}

beforeAll(() => {
  hanVietTable();
}, 60_000);

describe('paragraphDetails', () => {
  const text = chapter();
  const details = paragraphDetails(text, { dictionaries: none });

  it('gives the same Vietnamese as the whole conversion, paragraph by paragraph', () => {
    expect(details.map((paragraph) => paragraph.vi)).toEqual(convertParagraphs(text, { dictionaries: none }));
    expect(detailsText(details)).toBe(convertParagraphs(text, { dictionaries: none }).join('\n'));
    expect(details[0].line).toBe(0);
    expect(details[3].line).toBe(4); // the empty line is no paragraph, lines keep their numbers
  });

  it('points every word at its Vietnamese and at the Chinese it came from', () => {
    const [heading, first] = details;
    expect(heading.vi).toBe('Chương 1: Sương mù cảng');
    const headingWords = wordsOf(heading).map((word) => [heading.vi.slice(word.from, word.to), heading.zh.slice(word.zhFrom, word.zhTo), word.origin]);
    expect(headingWords).toEqual([
      ['Sương mù', '雾', 'phrase'],
      ['cảng', '港', 'hanviet'],
    ]);
    const words = wordsOf(first);
    expect(first.vi.slice(words[0].from, words[0].to)).toBe('Sương mù');
    expect(first.zh.slice(words[0].zhFrom, words[1].zhTo)).toBe('雾港');
    for (const paragraph of details) {
      for (const word of wordsOf(paragraph)) {
        expect(word.to).toBeGreaterThan(word.from);
        expect(paragraph.zh.slice(word.zhFrom, word.zhTo)).not.toBe('');
      }
    }
  });

  it('keeps the source line when it is written otherwise (full-width punctuation) and reads it in Hán-Việt', () => {
    const [, first] = details;
    expect(first.raw).toBe('雾港的清晨总带着咸腥的海风，码头上的汽笛一声长过一声。');
    expect(first.zh.trim()).toBe('雾港的清晨总带着咸腥的海风,码头上的汽笛一声长过一声。');
    expect(first.hv).toMatch(/^Vụ cảng đích thanh thần/);
    expect(first.hv).not.toMatch(/\p{Script=Han}/u);
  });
});

describe('re-converting the paragraphs a fix affects', () => {
  const text = chapter();
  const before = paragraphDetails(text, { dictionaries: none });
  const own = { 雾港: 'Vụ Cảng' };

  it('matches a whole conversion with the new name, converting only those paragraphs', () => {
    const lines = affectedLines(before, Object.keys(own));
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.length).toBeLessThan(before.length / 2);
    const again = paragraphDetails(text, { dictionaries: none, names: own }, lines);
    expect(again.map((paragraph) => paragraph.line)).toEqual(lines);
    const after = replaceParagraphs(before, lines, again);
    expect(after.map((paragraph) => paragraph.vi)).toEqual(convertParagraphs(text, { dictionaries: none, names: own }));
    for (const paragraph of again) expect(paragraph.vi).toContain('Vụ Cảng');
    expect(after.filter((paragraph) => !lines.includes(paragraph.line)).every((paragraph, i) => paragraph === before.filter((p) => !lines.includes(p.line))[i])).toBe(true);
  });

  it('reads an entry in lower case as a word, not a name', () => {
    const [paragraph] = paragraphDetails('雾港的清晨', { dictionaries: none, names: { 雾港: 'cảng sương' } });
    expect(paragraph.vi).toBe('Cảng sương sáng sớm');
    expect(wordsOf(paragraph)[0].origin).toBe('dictionary');
    const [named] = paragraphDetails('他看雾港', { dictionaries: none, names: own });
    expect(named.vi).toBe('Hắn xem Vụ Cảng');
    expect(wordsOf(named).at(-1)?.origin).toBe('name');
  });
});

describe('hanVietLine', () => {
  it('reads one syllable per character, a word’s own reading where a character has several', () => {
    const context = { reading: hanVietReading, wordReadings: builtInWordReadings() };
    expect(hanVietLine('长老说:"好!"', context)).toBe('Trưởng lão thuyết: "Hảo!"');
    expect(hanVietLine('他有3个iPhone。', context)).toBe('Tha hữu 3 cá iPhone.');
  });
});

describe('lookUpWords', () => {
  it('gives every meaning the loaded dictionaries hold, the operator’s `/` and `|` ones included', async () => {
    const vietPhrase = new PhraseDictionary();
    await readEntries(Buffer.from('一下=một chút/một lần|một cái/\n长老=trưởng lão\n'), 'VietPhrase.txt', vietPhrase);
    const names = PhraseDictionary.fromRecord({ 长老: 'Trưởng Lão' });
    const [yixia, zhanglao, unknown] = lookUpWords(['一下', '长老', '雾港'], { 雾港: 'Vụ Cảng' }, { vietPhrase, names });
    expect(vietPhrase.get('一下')).toBe('một chút');
    expect(yixia.meanings).toContainEqual({ source: 'vietphrase', values: ['một chút', 'một lần', 'một cái'] });
    expect(zhanglao.hanViet).toBe('trưởng lão');
    expect(zhanglao.meanings.map((meaning) => meaning.source)).toEqual(expect.arrayContaining(['names', 'vietphrase', 'hanviet-words']));
    expect(unknown).toMatchObject({ key: '雾港', hanViet: 'vụ cảng', meanings: [{ source: 'story', values: ['Vụ Cảng'] }, ...unknown.meanings.slice(1)] });
  });
});
