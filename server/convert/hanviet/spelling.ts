/**
 * Vietnamese syllables taken apart into initial, medial /w/, rhyme and tone, and spelled back, so
 * that readings can be compared and derived part by part (a Hán-Việt reading's parts descend
 * from the Middle Chinese initial, rhyme and tone separately). The spelling follows Vietnamese
 * orthography: c/k/q and g/gh, ng/ngh by the following vowel, the medial written o before a, ă, e
 * and u elsewhere (hoa, huy, quân), i written y alone or after the medial (y, yên, quy, huyền), the
 * tone mark placed as normalizeSyllable places it (hóa, thủy, quyết).
 */

export type VietTone = 'ngang' | 'huyen' | 'sac' | 'hoi' | 'nga' | 'nang';

export interface VietSyllable {
  /** '', b, ch, d, đ, g (for g/gh), gi, h, k (for c/k/q), kh, l, m, n, ng (for ng/ngh), nh, p, ph, r, s, t, th, tr, v, x */
  initial: string;
  /** The rounding glide /w/ of hoa, huy, quân. */
  medial: boolean;
  /** Nucleus and coda, written with i for i/y: a, an, iên, inh, ưu, uôc … */
  rhyme: string;
  tone: VietTone;
}

const TONE_OF_MARK: Readonly<Record<string, VietTone>> = {
  '\u0300': 'huyen',
  '\u0301': 'sac',
  '\u0309': 'hoi',
  '\u0303': 'nga',
  '\u0323': 'nang',
};

const MARK_OF_TONE: Readonly<Record<VietTone, string>> = {
  ngang: '',
  huyen: '\u0300',
  sac: '\u0301',
  hoi: '\u0309',
  nga: '\u0303',
  nang: '\u0323',
};

const INITIAL = /^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdđghklmnprstvx])?(.*)$/;

/** Takes a syllable apart; undefined for anything that is not one Vietnamese syllable. */
export function parseVietSyllable(syllable: string): VietSyllable | undefined {
  let tone: VietTone = 'ngang';
  let bare = '';
  for (const char of syllable.trim().toLowerCase().normalize('NFD')) {
    const mark = TONE_OF_MARK[char];
    if (mark) tone = mark;
    else bare += char;
  }
  bare = bare.normalize('NFC');
  if (!/^[a-zđăâêôơư]+$/u.test(bare)) return undefined;
  const [, written = '', tail] = INITIAL.exec(bare)!;
  let initial = written;
  let rest = tail;
  let medial = false;
  // gi before a consonant or alone is g + i (gìn, gi), before a vowel one initial (gia, giao)
  if (initial === 'gi' && (rest === '' || /^[nmpct]/.test(rest))) rest = `i${rest}`;
  if (initial === 'qu') {
    initial = 'k';
    medial = true;
  } else if (initial === 'c') initial = 'k';
  else if (initial === 'gh') initial = 'g';
  else if (initial === 'ngh') initial = 'ng';
  if (!medial && (/^o[aăe]/.test(rest) || /^u[âêơy]/.test(rest))) {
    medial = true;
    rest = rest.slice(1);
  }
  if (rest.startsWith('y')) rest = `i${rest.slice(1)}`;
  if (rest === '' || !/^[aăâeêioôơuư]/.test(rest)) return undefined;
  return { initial, medial, rhyme: rest, tone };
}

const VOWEL = /[aăâeêioôơuưy]/;
const MARKED_VOWEL = /[ăâêôơư]/;

/** Places the tone mark: on a vowel with a diacritic, else the last vowel of a closed syllable, else the first of two or the middle of three. */
function placeTone(letters: string[], tone: VietTone, firstVowel: number): string {
  const mark = MARK_OF_TONE[tone];
  if (!mark) return letters.join('');
  const vowels: number[] = [];
  for (let index = firstVowel; index < letters.length; index++) if (VOWEL.test(letters[index])) vowels.push(index);
  if (vowels.length === 0) return letters.join('');
  const marked = vowels.filter((index) => MARKED_VOWEL.test(letters[index]));
  const last = vowels[vowels.length - 1];
  let at: number;
  if (marked.length > 0) at = marked[marked.length - 1];
  else if (last < letters.length - 1) at = last;
  else at = vowels.length === 3 ? vowels[1] : vowels[0];
  letters[at] = `${letters[at]}${mark}`.normalize('NFC');
  return letters.join('');
}

/** Spells a syllable in Vietnamese orthography. */
export function spellVietSyllable({ initial, medial, rhyme, tone }: VietSyllable): string {
  const front = /^[ieê]/.test(rhyme);
  let head: string;
  let body: string;
  let skip = 0;
  if (medial) {
    const nucleus = rhyme.startsWith('i') ? `y${rhyme.slice(1)}` : rhyme;
    if (initial === 'k') {
      head = 'q';
      body = `u${nucleus}`;
      skip = 1;
    } else {
      head = initial;
      body = `${/^[aăe]/.test(nucleus) ? 'o' : 'u'}${nucleus}`;
    }
  } else {
    body = rhyme;
    if (initial === 'k') head = front ? 'k' : 'c';
    else if (initial === 'g') head = front ? 'gh' : 'g';
    else if (initial === 'ng') head = front ? 'ngh' : 'ng';
    else if (initial === 'gi') {
      head = 'g';
      if (!body.startsWith('i')) body = `i${body}`;
      if (body.length > 1 && /[aăâeêoôơuư]/.test(body[1])) skip = 1;
    } else head = initial;
    if (initial === '' && (body === 'i' || body.startsWith('iê'))) body = `y${body.slice(1)}`;
  }
  return placeTone([...head, ...body], tone, head.length + skip);
}
