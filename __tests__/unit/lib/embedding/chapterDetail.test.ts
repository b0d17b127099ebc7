import {
  affectedLines,
  extendSelection,
  isSelectable,
  nameForm,
  replaceParagraphs,
  selectionReading,
  selectionText,
  withChanges,
  wordAtOffset,
  wordsOf,
  WORD_ORIGINS,
  type ParagraphDetail,
} from '@/lib/embedding/chapterDetail';

const code = (origin: (typeof WORD_ORIGINS)[number]) => WORD_ORIGINS.indexOf(origin);

/** 雾港的清晨,码头上 → "Sương mù cảng sáng sớm, bến tàu thượng": 的 dropped, a comma between. */
function harbour(line = 1): ParagraphDetail {
  const zh = '雾港的清晨,码头上';
  const vi = 'Sương mù cảng sáng sớm, bến tàu thượng';
  // prettier-ignore
  const words = [
    0, 8, 0, 1, code('phrase'),
    9, 13, 1, 2, code('hanviet'),
    14, 22, 3, 5, code('phrase'),
    24, 31, 6, 8, code('phrase'),
    32, 38, 8, 9, code('phrase'),
  ];
  return { line, zh, hv: '', vi, words };
}

describe('the words of a paragraph', () => {
  it('reads the spans and finds the word at a tapped character', () => {
    const paragraph = harbour();
    const words = wordsOf(paragraph);
    expect(words.map((word) => paragraph.vi.slice(word.from, word.to))).toEqual(['Sương mù', 'cảng', 'sáng sớm', 'bến tàu', 'thượng']);
    expect(words[1]).toMatchObject({ zhFrom: 1, zhTo: 2, origin: 'hanviet' });
    expect(wordAtOffset(words, 10)).toBe(1);
    expect(wordAtOffset(words, 8)).toBe(0); // the space after a word belongs to it
    expect(wordAtOffset(words, 23)).toBe(2); // the comma after "sáng sớm"
    expect(wordAtOffset([], 3)).toBe(-1);
  });
});

describe('neighbouring spans', () => {
  const paragraph = harbour();
  const words = wordsOf(paragraph);

  it('joins a name split in two with the word before or after it', () => {
    const tapped = { first: 1, last: 1 };
    const joined = extendSelection(paragraph.zh, words, tapped, 'previous');
    expect(joined).toEqual({ first: 0, last: 1 });
    expect(selectionText(paragraph.zh, words, joined!)).toBe('雾港');
    expect(selectionReading(paragraph.vi, words, joined!)).toBe('Sương mù cảng');
    expect(extendSelection(paragraph.zh, words, { first: 0, last: 0 }, 'next')).toEqual({ first: 0, last: 1 });
  });

  it('takes a dropped particle between two words along', () => {
    const grown = extendSelection(paragraph.zh, words, { first: 1, last: 1 }, 'next');
    expect(selectionText(paragraph.zh, words, grown!)).toBe('港的清晨');
    expect(selectionReading(paragraph.vi, words, grown!)).toBe('cảng sáng sớm');
  });

  it('never crosses punctuation, the paragraph’s ends or an entry’s length', () => {
    expect(extendSelection(paragraph.zh, words, { first: 2, last: 2 }, 'next')).toBeNull();
    expect(extendSelection(paragraph.zh, words, { first: 3, last: 3 }, 'previous')).toBeNull();
    expect(extendSelection(paragraph.zh, words, { first: 0, last: 0 }, 'previous')).toBeNull();
    expect(extendSelection(paragraph.zh, words, { first: 4, last: 4 }, 'next')).toBeNull();
    expect(extendSelection(paragraph.zh, words, { first: 3, last: 3 }, 'next')).toEqual({ first: 3, last: 4 });
    const long: ParagraphDetail = { line: 0, zh: '林'.repeat(31), hv: '', vi: 'x y', words: [0, 1, 0, 16, 0, 2, 3, 16, 31, 0] };
    expect(isSelectable(long.zh, wordsOf(long), { first: 0, last: 0 })).toBe(true);
    expect(extendSelection(long.zh, wordsOf(long), { first: 0, last: 0 }, 'next')).toBeNull();
  });
});

describe('re-converting after a fix', () => {
  const paragraphs = [harbour(0), { ...harbour(2), zh: '当铺的柜台很高', vi: 'Tiệm cầm đồ quầy thực cao', words: [] }, harbour(5)];

  it('asks again only for the paragraphs that hold the Chinese of a changed entry', () => {
    expect(affectedLines(paragraphs, ['雾港'])).toEqual([0, 5]);
    expect(affectedLines(paragraphs, ['柜台', '码头'])).toEqual([0, 2, 5]);
    expect(affectedLines(paragraphs, ['萧炎'])).toEqual([]);
  });

  it('puts the re-converted paragraphs in place by line and keeps the others as they are', () => {
    const fresh = { ...harbour(5), vi: 'Vụ Cảng sáng sớm, bến tàu thượng' };
    const next = replaceParagraphs(paragraphs, [0, 5], [fresh]);
    expect(next.map((paragraph) => paragraph.line)).toEqual([2, 5]);
    expect(next[0]).toBe(paragraphs[1]);
    expect(next[1].vi).toBe('Vụ Cảng sáng sớm, bến tàu thượng');
  });
});

describe('the reader’s own list after a fix', () => {
  it('adds, replaces and drops entries', () => {
    expect(withChanges({ 林渊: 'Lâm Uyên' }, { 雾港: 'Vụ Cảng', 林渊: null })).toEqual({ names: { 雾港: 'Vụ Cảng' } });
    expect(withChanges({}, { ' 雾港 ': ' tiếng chuông ' })).toEqual({ names: { 雾港: 'tiếng chuông' } });
  });

  it('refuses markup, control characters, "=" and line breaks with a Vietnamese message', () => {
    for (const bad of ['<b>Vụ</b>', 'Vụ\nCảng', 'Vụ=Cảng', 'Vụ\u0007Cảng']) {
      const result = withChanges({}, { 雾港: bad });
      expect(result).toEqual({ problem: expect.stringMatching(/^Tên tiếng Việt|^Chỉ được/) });
    }
    expect(withChanges({}, { abc: 'Vụ Cảng' })).toEqual({ problem: expect.stringContaining('phải có chữ Hán') });
  });

  it('offers a name in title case', () => {
    expect(nameForm(' vụ  cảng ')).toBe('Vụ Cảng');
  });
});
