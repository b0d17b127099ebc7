import {
  applyReplacements,
  compileReplacements,
  decodeReplacements,
  effectiveReplacements,
  encodeReplacements,
  REPLACEMENT_LIMITS,
  replacementsFor,
  validateReplacements,
  type Replacement,
} from '@/lib/player/replacements';

const word = (from: string, to: string): Replacement => ({ from, to, wholeWord: true });
const plain = (from: string, to: string): Replacement => ({ from, to, wholeWord: false });
const say = (text: string, entries: Replacement[], pause = false) => applyReplacements(text, compileReplacements(entries, pause));
const withDefaults = (text: string) => {
  const { entries, pause } = effectiveReplacements({ reader: [], story: [], disabledDefaults: [] });
  return applyReplacements(text, compileReplacements(entries, pause));
};

describe('speech replacements', () => {
  it('replaces whole words only, with Vietnamese letters as word characters', () => {
    const entries = [word('Đan', 'Đơn'), word('HP', 'máu')];
    expect(say('Đan đứng dậy, Đang nói với Đan.', entries)).toBe('Đơn đứng dậy, Đang nói với Đơn.');
    // A letter with a mark beside it is part of the word: "HPđ" and "ĐanỄ" are other words.
    expect(say('HPđ còn HP.', entries)).toBe('HPđ còn máu.');
    // Decomposed marks (NFD) are the same letters.
    expect(say('Đan'.normalize('NFD') + ' cười', entries)).toBe('Đơn cười');
    expect(say('ÐAN', entries)).toBe('ÐAN'); // Ð (eth) is not Đ
    expect(say('đan áo', entries)).toBe('Đơn áo');
  });

  it('matches inside words for plain entries, ignoring case', () => {
    expect(say('Tiêu Viêm và tiêu viêm', [plain('tiêu viêm', 'Tiêu Diễm')])).toBe('Tiêu Diễm và Tiêu Diễm');
    expect(say('xxHPxx', [plain('HP', 'máu')])).toBe('xx máu xx');
  });

  it('keeps a space between a replaced word and a number beside it', () => {
    expect(withDefaults('Lv5 chiến binh, HP100/100, MP 20, gặp NPC.')).toBe('cấp 5 chiến binh, máu 100/100, mana 20, gặp N-P-C.');
  });

  it('gives overlapping entries to the longest, then to the first, and never replaces a replacement', () => {
    const entries = [plain('Hắc', 'Đen'), plain('Hắc Ám', 'Bóng Tối'), plain('Tối', 'Sáng')];
    expect(say('Hắc Ám Hắc', entries)).toBe('Bóng Tối Đen');
    // Two entries for the same text: the earlier wins (the story's list comes before the reader's).
    const { entries: ordered } = effectiveReplacements({ story: [word('HP', 'sinh lực')], reader: [word('HP', 'máu')], disabledDefaults: [] });
    expect(applyReplacements('HP thấp', compileReplacements(ordered))).toBe('sinh lực thấp');
    // Order of the reader's list decides between entries as long.
    expect(say('ab', [plain('a', '1'), plain('ab', 'X'), plain('b', '2')])).toBe('X');
  });

  it('turns runs of dots and emoticons into one pause, unless the reader turned it off', () => {
    expect(withDefaults('Hắn……đi (╯°□°)╯ rồi... ^_^ cười T_T. Xong :)')).toBe('Hắn, đi, rồi, cười. Xong');
    const off = effectiveReplacements({ reader: [], story: [], disabledDefaults: ['pause', 'hp'] });
    expect(applyReplacements('HP…… (1)', compileReplacements(off.entries, off.pause))).toBe('HP…… (1)');
    // Numbers in brackets are text, not emoticons.
    expect(withDefaults('Điều (1) và (2)')).toBe('Điều (1) và (2)');
  });

  it('finds the entries a part needs, in their order', () => {
    const compiled = compileReplacements([word('HP', 'máu'), word('Lv', 'cấp'), plain('Kiếm', 'gươm')]);
    expect(replacementsFor('Lv3, HP đầy', compiled).map((entry) => entry.from)).toEqual(['HP', 'Lv']);
    expect(replacementsFor('không có gì', compiled)).toEqual([]);
  });
});

describe('replacement list bounds', () => {
  it('keeps the good entries and says what is wrong with the others', () => {
    const { entries, problems } = validateReplacements([
      { from: ' HP ', to: 'máu', wholeWord: true },
      { from: '', to: 'x' },
      { from: 'a'.repeat(101), to: 'b' },
      { from: 'xin\u0007chào', to: 'b' },
      { from: 'hp', to: 'lặp', wholeWord: true },
      'rác',
      { from: 'Lv', to: '' },
    ]);
    expect(entries).toEqual([word('HP', 'máu'), plain('Lv', '')]);
    expect(problems.map((problem) => problem.index)).toEqual([1, 2, 3, 4, 5]);
    expect(problems[1].message).toBe('Mỗi bên tối đa 100 ký tự.');
    expect(problems[2].message).toBe('Không được chứa ký tự điều khiển.');
    expect(problems[3].message).toMatch(/đã có trong danh sách/);
  });

  it('keeps at most 500 entries', () => {
    const raw = Array.from({ length: 510 }, (_, index) => plain(`từ${index}`, `chữ${index}`));
    const { entries, problems } = validateReplacements(raw);
    expect(entries).toHaveLength(REPLACEMENT_LIMITS.entries);
    expect(problems).toHaveLength(10);
    expect(problems[0]).toEqual({ index: 500, message: 'Danh sách tối đa 500 mục.' });
  });

  it('travels in a header and back, and a forged header is refused', () => {
    const wire = { entries: [word('HP', 'máu'), plain('Tiêu Viêm', 'Tiêu Diễm')], pause: true };
    expect(decodeReplacements(encodeReplacements(wire))).toEqual(wire);
    expect(decodeReplacements(encodeURIComponent(JSON.stringify({ e: [['', 'x', 0]], p: 0 })))).toBeNull();
    expect(decodeReplacements('%E0%A4%A')).toBeNull();
    // A list too long for a header is cut to fit.
    const long = Array.from({ length: 500 }, (_, index) => plain(`${'từ'.repeat(20)}${index}`, 'x'.repeat(50)));
    const encoded = encodeReplacements({ entries: long, pause: false });
    expect(encoded.length).toBeLessThanOrEqual(8_000);
    expect(decodeReplacements(encoded)!.entries.length).toBeGreaterThan(10);
  });
});
