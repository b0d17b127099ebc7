/**
 * How a voice should read a word of Latin letters met in Vietnamese text. The whole rule:
 *
 * 1. A word with any letter beyond a–z (ă â đ ê ô ơ ư, a tone mark) is Vietnamese as written.
 * 2. A word of one letter, or of capitals only (K, VIP, TP), is left as the normaliser wrote it.
 * 3. A loanword of LOANWORDS (game, level, boss, …) is Vietnamese, respelled the way Vietnamese
 *    readers say it (game → ghêm).
 * 4. A word that can be one Vietnamese syllable written without marks (Nguyen, Tran, Minh, Hoa,
 *    Dat) is Vietnamese: an onset of ONSETS, then a rhyme of RHYME. Its spelling is made a
 *    syllable that can exist (Nguyen → Nguyên, Dat → Dát: a syllable ending in c, ch, p or t
 *    always carries a tone mark), or voices take it for English.
 * 5. Any other word with a capital (Smith, Jack, Facebook, Elizabeth, iPhone) is a foreign name,
 *    read in English; so are its capitalised neighbours in the same name ("Tom" in "Tom Hanks"),
 *    unless the neighbour opens a sentence, where a capital says nothing.
 * 6. Any other lower-case word is left to the Vietnamese voice.
 */

export type LatinWordKind = 'vietnamese' | 'foreign' | 'unchanged';

export interface LatinWordReading {
  kind: LatinWordKind;
  /** The word as the voice should get it. */
  text: string;
}

/** Loanwords of web novels, spelled as Vietnamese readers pronounce them. */
const LOANWORDS: ReadonlyMap<string, string> = new Map(Object.entries({
  game: 'ghêm',
  level: 'lê-vồ',
  boss: 'bốt',
  skill: 'xờ-kiu',
  email: 'i-meo',
  mail: 'meo',
  online: 'ôn-lai',
  offline: 'óp-lai',
  team: 'tim',
  fan: 'phan',
  idol: 'ai-đồn',
  shop: 'sốp',
  video: 'vi-đê-ô',
  clip: 'cờ-líp',
  internet: 'in-tơ-nét',
  wifi: 'oai-phai',
  server: 'xơ-vơ',
  app: 'áp',
  like: 'lai',
  show: 'sô',
  style: 'xờ-tai',
  party: 'pa-ti',
  laptop: 'láp-tóp',
  camera: 'ca-mê-ra',
  pro: 'pờ-rô',
}));

/** Vietnamese onsets, longest first so "ngh" is tried before "ng". */
const ONSETS = ['ngh', 'ng', 'nh', 'ph', 'th', 'tr', 'ch', 'kh', 'gh', 'gi', 'b', 'c', 'd', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'q', 'r', 's', 't', 'v', 'x', ''];

/**
 * Vietnamese rhymes without marks: a vowel group ending in a vowel or glide, or a vowel group
 * before a final consonant (ch and nh only after a front vowel; no "ic", "ing").
 */
const RHYME = new RegExp(
  '^(?:' +
    [
      'ieu|yeu|uoi|uou|oai|oao|oay|oeo|uay|uya|uyu',
      'ai|ao|au|ay|eo|eu|ia|iu|oa|oe|oi|ua|ue|ui|uo|uu|uy|ya',
      '(?:a|e|i|oa|ue|uy)(?:ch|nh)',
      '(?:ie|ye|uye|uo|oa|oe|ua|ue|uy|oo|a|e|o|u)(?:ng|c|m|n|p|t)',
      'i(?:m|n|p|t)',
      '[aeiouy]',
    ].join('|') +
    ')$',
);

/** Spelling rules of onsets: k, gh and ngh before e, i, y; c, g and ng elsewhere; q only as "qu". */
function onsetFits(onset: string, rhyme: string): boolean {
  const front = /^[eiy]/.test(rhyme);
  if (onset === 'c' || onset === 'ng') return !front;
  if (onset === 'g') return !rhyme.startsWith('e');
  if (onset === 'k' || onset === 'gh' || onset === 'ngh') return front;
  if (onset === 'q') return rhyme.startsWith('u') && rhyme.length > 1;
  return true;
}

/** Whether a lower-case ASCII word can be one Vietnamese syllable written without marks. */
export function isVietnameseSyllable(word: string): boolean {
  return ONSETS.some((onset) => {
    if (!word.startsWith(onset)) return false;
    const rhyme = word.slice(onset.length);
    if (rhyme === '') return onset === 'gi';
    return RHYME.test(rhyme) && onsetFits(onset, rhyme);
  });
}

const ACUTE = '\u0301';

/**
 * The syllable spelled so it can exist: "ie"/"ye" before a final is "iê"/"yê", "eu" is "êu", and a
 * syllable closed by c, ch, p or t takes the acute tone on its last vowel.
 */
function asVietnameseSpelling(word: string): string {
  const spelled = word.replace(/([iy])e(?=ch|nh|ng|[cmnptu])/i, (_m, glide: string) => `${glide}ê`).replace(/^([^aeiouy]*)eu$/i, '$1êu');
  const closed = /^(.*[aeiouyê])(ch|[cpt])$/i.exec(spelled);
  return closed ? (closed[1] + ACUTE + closed[2]).normalize('NFC') : spelled;
}

const capitalised = (word: string) => /[A-Z]/.test(word) && /[a-z]/.test(word);

function capitalizeLike(source: string, word: string): string {
  return /^[A-Z]/.test(source) ? word.charAt(0).toLocaleUpperCase('vi') + word.slice(1) : word;
}

/** Reads one word (letters, and apostrophes inside it) on its own, before names are joined up. */
export function readLatinWord(word: string): LatinWordReading {
  if (!/^[A-Za-z]+(?:'[A-Za-z]+)*$/.test(word)) return { kind: 'vietnamese', text: word };
  if (word.length === 1 || word === word.toUpperCase()) return { kind: 'unchanged', text: word };
  const lower = word.toLowerCase();
  // Only "game" and "Game" are read as words; "gAme" is a name of its own.
  const plainCase = word === lower || word === capitalizeLike(word, lower);
  const loanword = LOANWORDS.get(lower);
  if (plainCase && loanword) return { kind: 'vietnamese', text: capitalizeLike(word, loanword) };
  if (plainCase && isVietnameseSyllable(lower)) return { kind: 'vietnamese', text: capitalizeLike(word, asVietnameseSpelling(lower)) };
  return { kind: capitalised(word) ? 'foreign' : 'unchanged', text: word };
}

/** Whether a word may belong to a foreign name beside one: a capitalised word that could be Vietnamese. */
export function mayJoinForeignName(word: string): boolean {
  return /^[A-Z][a-z]+$/.test(word) && isVietnameseSyllable(word.toLowerCase());
}
