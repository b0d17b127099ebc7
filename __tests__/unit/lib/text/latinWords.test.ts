import { isVietnameseSyllable, readLatinWord, type LatinWordKind } from '@/lib/text/latinWords';

/** How each word is read: [word, kind, what the voice gets]. */
const WORDS: [string, LatinWordKind, string][] = [
  // Vietnamese written without marks stays Vietnamese; impossible spellings are made possible.
  ['Nguyen', 'vietnamese', 'Nguyên'],
  ['Van', 'vietnamese', 'Van'],
  ['An', 'vietnamese', 'An'],
  ['Tran', 'vietnamese', 'Tran'],
  ['Minh', 'vietnamese', 'Minh'],
  ['Hoa', 'vietnamese', 'Hoa'],
  ['Quynh', 'vietnamese', 'Quynh'],
  ['Truong', 'vietnamese', 'Truong'],
  ['Nghia', 'vietnamese', 'Nghia'],
  ['Giang', 'vietnamese', 'Giang'],
  ['Khuya', 'vietnamese', 'Khuya'],
  ['Hieu', 'vietnamese', 'Hiêu'],
  ['Uyen', 'vietnamese', 'Uyên'],
  ['keu', 'vietnamese', 'kêu'],
  ['Dat', 'vietnamese', 'Dát'],
  ['Bach', 'vietnamese', 'Bách'],
  ['Tuyet', 'vietnamese', 'Tuyết'],
  ['top', 'vietnamese', 'tóp'],
  ['Tom', 'vietnamese', 'Tom'],
  ['Kim', 'vietnamese', 'Kim'],
  // Loanwords of web novels, respelled the Vietnamese way.
  ['game', 'vietnamese', 'ghêm'],
  ['Game', 'vietnamese', 'Ghêm'],
  ['level', 'vietnamese', 'lê-vồ'],
  ['boss', 'vietnamese', 'bốt'],
  ['skill', 'vietnamese', 'xờ-kiu'],
  ['email', 'vietnamese', 'i-meo'],
  ['online', 'vietnamese', 'ôn-lai'],
  // Words with Vietnamese letters or marks are Vietnamese as written.
  ['Nguyễn', 'vietnamese', 'Nguyễn'],
  ['đường', 'vietnamese', 'đường'],
  // Capitalised and impossible as a Vietnamese syllable: a foreign name.
  ['Smith', 'foreign', 'Smith'],
  ['Jack', 'foreign', 'Jack'],
  ['Facebook', 'foreign', 'Facebook'],
  ['Elizabeth', 'foreign', 'Elizabeth'],
  ['Harry', 'foreign', 'Harry'],
  ['London', 'foreign', 'London'],
  ['King', 'foreign', 'King'],
  ['Kong', 'foreign', 'Kong'],
  ['Max', 'foreign', 'Max'],
  ['iPhone', 'foreign', 'iPhone'],
  ["O'Brien", 'foreign', "O'Brien"],
  // Acronyms, single letters and other lower-case words are left as the normaliser wrote them.
  ['VIP', 'unchanged', 'VIP'],
  ['TP', 'unchanged', 'TP'],
  ['K', 'unchanged', 'K'],
  ['hello', 'unchanged', 'hello'],
  ['TrAn', 'foreign', 'TrAn'],
  ['constructor', 'unchanged', 'constructor'],
];

describe('readLatinWord', () => {
  it.each(WORDS)('%s is %s, read as %s', (word, kind, text) => {
    expect(readLatinWord(word)).toEqual({ kind, text });
  });
});

describe('isVietnameseSyllable', () => {
  it.each(['nguyen', 'nghieng', 'quoc', 'gi', 'gin', 'khuyu', 'oanh', 'uynh', 'xuan', 'thuong', 'boong'])('accepts %s', (word) => {
    expect(isVietnameseSyllable(word)).toBe(true);
  });

  it.each(['smith', 'john', 'fan', 'zoo', 'wifi', 'ce', 'ka', 'gha', 'nge', 'qu', 'sing', 'tic', 'anna', 'peter', 'lee', 'str'])('rejects %s', (word) => {
    expect(isVietnameseSyllable(word)).toBe(false);
  });
});
