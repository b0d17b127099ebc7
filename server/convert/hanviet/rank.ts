/**
 * Tells the Hán-Việt reading of a character from the Nôm readings that Unihan's kVietnamese
 * lists beside it (看 "khan khán": khán; 又 "lại hựu": hựu). Hán-Việt readings descend from
 * Middle Chinese by regular sound laws, and so do Mandarin readings; the tone category and the
 * initial consonant of the Mandarin reading therefore predict which Vietnamese tones and
 * initials a Hán-Việt reading can have. Nôm readings often break these correspondences.
 */

type VietTone = 'ngang' | 'huyen' | 'sac' | 'hoi' | 'nga' | 'nang';

const TONE_MARKS: Readonly<Record<string, VietTone>> = {
  '\u0300': 'huyen',
  '\u0301': 'sac',
  '\u0309': 'hoi',
  '\u0303': 'nga',
  '\u0323': 'nang',
};

export function vietTone(syllable: string): VietTone {
  for (const char of syllable.normalize('NFD')) {
    const tone = TONE_MARKS[char];
    if (tone) return tone;
  }
  return 'ngang';
}

/** A syllable closed by a stop (-p, -t, -c, -ch): Middle Chinese entering tone. */
function isChecked(syllable: string): boolean {
  return /(p|t|c|ch)$/.test(syllable.normalize('NFD').replace(/\p{M}/gu, ''));
}

const VIET_INITIAL = /^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdđghklmnprstvx])?/;

function vietInitial(syllable: string): string {
  const bare = syllable.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase();
  const plain = syllable.toLowerCase().startsWith('đ') ? 'đ' : (VIET_INITIAL.exec(bare)?.[0] ?? '');
  return plain === 'gh' ? 'g' : plain === 'ngh' ? 'ng' : plain;
}

const PINYIN_TONES: Readonly<Record<string, number>> = {
  '\u0304': 1,
  '\u0301': 2,
  '\u030c': 3,
  '\u0300': 4,
};

export function mandarinTone(pinyin: string): number {
  for (const char of pinyin.normalize('NFD')) {
    const tone = PINYIN_TONES[char];
    if (tone) return tone;
  }
  return 5;
}

const PINYIN_INITIAL = /^(zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?/;

function mandarinInitial(pinyin: string): string {
  const bare = pinyin.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return PINYIN_INITIAL.exec(bare)?.[0] ?? '';
}

/** Vietnamese tones a Hán-Việt syllable without a stop can have for each Mandarin tone. */
const TONES_BY_MANDARIN: Readonly<Record<number, readonly VietTone[]>> = {
  1: ['ngang'],
  2: ['huyen', 'ngang'],
  3: ['hoi', 'nga'],
  4: ['sac', 'nang', 'nga'],
  5: ['ngang', 'huyen', 'sac', 'hoi', 'nga', 'nang'],
};

/** Vietnamese initials regularly found in Hán-Việt readings for each Mandarin initial. */
const INITIALS_BY_MANDARIN: Readonly<Record<string, readonly string[]>> = {
  b: ['b', 'ph'],
  p: ['ph', 'b'],
  m: ['m', 'v'],
  f: ['ph'],
  d: ['đ'],
  t: ['th', 'đ'],
  n: ['n', 'nh'],
  l: ['l'],
  g: ['c', 'k', 'qu', 'gi'],
  k: ['kh', 'kh', 'c', 'k', 'qu', 'h'],
  h: ['h', 'kh'],
  j: ['c', 'k', 'qu', 'gi', 't', 'kh'],
  q: ['kh', 'c', 'k', 'qu', 't', 'th', 'gi'],
  x: ['h', 't', 'th'],
  zh: ['tr', 'ch', 's'],
  ch: ['tr', 'ch', 'x', 's', 'th'],
  sh: ['th', 's', 'x', 'tr'],
  r: ['nh', 'd'],
  z: ['t', 'tr'],
  c: ['th', 't'],
  s: ['t', 's', 'x'],
  y: ['', 'd', 'nh', 'ng', 'h', 'v', 'gi'],
  w: ['v', 'ng', 'h', ''],
  '': ['', 'ng', 'nh', 'a'],
};

function toneFits(reading: string, pinyin: string): boolean {
  const tone = vietTone(reading);
  if (isChecked(reading)) return tone === 'sac' || tone === 'nang';
  return TONES_BY_MANDARIN[mandarinTone(pinyin)].includes(tone);
}

function initialFits(reading: string, pinyin: string): boolean {
  const allowed = INITIALS_BY_MANDARIN[mandarinInitial(pinyin)] ?? [];
  return allowed.includes(vietInitial(reading));
}

const SONORANT_INITIALS: ReadonlySet<string> = new Set(['m', 'n', 'nh', 'ng', 'l', 'v', 'd']);

/**
 * Middle Chinese voiced initials gave the low register (huyền, ngã, nặng) and voiceless ones
 * the high register, except that voiced sonorants of the level tone read ngang (人 nhân); a sonorant Vietnamese initial (or h- where Mandarin lost the initial, as
 * in 有 hữu, 又 hựu) points to a voiced one. Within a Mandarin tone this picks ngang or
 * huyền, hỏi or ngã, sắc or nặng.
 */
function registerFits(reading: string, pinyin: string): boolean {
  const initial = vietInitial(reading);
  const pinyinInitial = mandarinInitial(pinyin);
  const voiced = SONORANT_INITIALS.has(initial) || (initial === 'h' && (pinyinInitial === 'y' || pinyinInitial === 'w'));
  const tone = vietTone(reading);
  const mandarin = mandarinTone(pinyin);
  if (isChecked(reading)) {
    if (mandarin === 1 || mandarin === 3) return tone === 'sac';
    if (mandarin === 2) return tone === 'nang';
    return voiced ? tone === 'nang' : true;
  }
  if (mandarin === 2) return voiced ? tone === 'ngang' : tone === 'huyen';
  if (mandarin === 3) return voiced ? tone === 'nga' : tone === 'hoi';
  if (mandarin === 4) return voiced ? tone === 'nang' || tone === 'nga' : true;
  return true;
}

/** Rhymes found in Nôm readings but not (or hardly ever) in Hán-Việt ones. */
const NOM_RHYME = /(o|e|uay|oay|ăn|ăng|ăm|ăp|ăt|ăc|ơi|ơm|ơp|ơt|ui|uôi|uôn|uông|uôt|uôc|ưa|ươi|ươn|ươu|ưi|ưt|eo|en|em|ep|et|ec|ên|ênh|êu|êch|iu|oi|om|on|ot|op|oe|oen|ay|ây|ua|uôm)$/;

function rhymeFits(reading: string): boolean {
  const lower = reading.normalize('NFD').replace(/[\u0300\u0301\u0303\u0309\u0323]/g, '').normalize('NFC');
  const rhyme = lower.replace(/^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdđghklmnprstvx])/, '');
  if (NOM_RHYME.test(rhyme) && !/^(ây|ay|ua|uy)$/.test(rhyme)) return false;
  if (rhyme === 'ong' && !/^(l|ph|s|x)/.test(lower)) return false;
  return true;
}

function fit(reading: string, pinyin: string): number {
  return (
    (toneFits(reading, pinyin) ? 4 : 0) +
    (initialFits(reading, pinyin) ? 2 : 0) +
    (registerFits(reading, pinyin) ? 1 : 0) +
    (rhymeFits(reading) ? 1 : 0)
  );
}

/**
 * How well a reading fits the Mandarin readings: above all the first (kMandarin's usual
 * reading), then the best of the others.
 */
export function hanVietScore(reading: string, mandarin: readonly string[]): number {
  if (mandarin.length === 0) return 0;
  const others = mandarin.slice(1).map((pinyin) => fit(reading, pinyin));
  return 10 * fit(reading, mandarin[0]) + Math.max(0, ...others);
}

/**
 * Orders readings with the likely Hán-Việt ones first; the sort is stable, so Unihan's order
 * decides between readings that fit equally well. Without a Mandarin reading nothing moves.
 */
export function rankHanVietReadings(readings: readonly string[], mandarin: readonly string[]): string[] {
  if (mandarin.length === 0 || readings.length < 2) return [...readings];
  return readings
    .map((reading, index) => ({ reading, index, score: hanVietScore(reading, mandarin) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ reading }) => reading);
}
