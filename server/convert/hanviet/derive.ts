/**
 * Hán-Việt readings derived from Middle Chinese. Sino-Vietnamese was borrowed from the Chinese of
 * the late Tang as a system, so a character's reading follows from its Guangyun syllable by
 * regular correspondences (Maspero 1912; Wang Li 1948, 漢越語研究): the initial from the MC
 * initial (幫 b, 端 đ, 知 tr, 精 t, 章 ch, 見 c/k/gi, 曉 h, 以 d …), the rhyme from the MC rhyme,
 * division and rounding (東一 ông, 陽三 ương, 仙合三 uyên …), and the tone from the MC tone and the
 * voicing of the initial (level: ngang, huyền after a voiced obstruent; rising: hỏi, ngã after a
 * sonorant, nặng after a voiced obstruent; departing and entering: sắc, nặng after a voiced one).
 *
 * The initial, rhyme and tone tables are not typed in by hand: they are the majority
 * correspondences counted over every character whose reading is known (Unihan's kVietnamese, the
 * curated supplement), most specific context first (initial with rhyme, division, rounding and 重紐
 * type, then less; a context needs three known readings to decide), so each table cell says what
 * the known readings say; the tone rule above decides where they say nothing, and known readings
 * count only where their tone is the rule's (or ngã/huyền where Hán-Việt often has it) and their
 * stop ending matches the entering tone. A character is then read:
 *  1. by its homophones: the characters of its Guangyun homophone class (小韻) had the same syllable,
 *     so their known readings vote, each counted only if it fits the correspondences in tone and
 *     in initial or rhyme (a Nôm reading or another reading of a polyphone does not);
 *  2. else by the correspondences, part by part.
 * A character with several Guangyun syllables gets a reading for each, ordered and filtered by
 * its Mandarin reading (a syllable whose nasal or stop ending Mandarin cannot continue is the
 * reading of another word written with the same character).
 */
import type { MiddleChineseReading } from './guangyun';
import { normalizeSyllable } from './syllable';
import { parseVietSyllable, spellVietSyllable, type VietSyllable, type VietTone } from './spelling';

/** Character → known readings, the default first. */
export type KnownReadings = ReadonlyMap<string, readonly string[]>;

type Counts = Map<string, Map<string, number>>;

export interface Correspondences {
  initials: Counts;
  finals: Counts;
  tones: Counts;
  homophones: Counts;
}

const INITIAL_GROUP: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({
    labial: '幫滂並明',
    dental: '端透定泥',
    retroflexStop: '知徹澄孃',
    sibilant: '精清從心邪',
    retroflexSibilant: '莊初崇生俟',
    palatal: '章昌常書船日',
    velar: '見溪羣疑',
    laryngeal: '影曉匣云以',
    lateral: '來',
  }).flatMap(([group, initials]) => [...initials].map((initial) => [initial, group])),
);

/** Rhymes that end in a nasal (-m, -n, -ng) outside the entering tone, where they end in a stop. */
const NASAL_RHYMES: ReadonlySet<string> = new Set('東冬鍾江陽唐庚耕清青蒸登真臻文殷元魂痕寒刪山仙先侵覃談鹽添咸銜嚴凡');

/** The regular tone: MC tone category and the voicing of the initial. */
export function correspondingTone(reading: MiddleChineseReading): VietTone {
  const voiced = reading.voicing === '全濁';
  const sonorant = reading.voicing === '次濁';
  if (reading.tone === '平') return voiced ? 'huyen' : 'ngang';
  if (reading.tone === '上') return voiced ? 'nang' : sonorant ? 'nga' : 'hoi';
  return voiced || sonorant ? 'nang' : 'sac';
}

/**
 * Tones a reading of this MC syllable can have: the regular one, and beside it ngã for voiced
 * rising and sonorant departing syllables and huyền for sonorant level ones, which Hán-Việt has
 * often (杜 đỗ, 浪 lãng); the table learns which each initial takes.
 */
function possibleTones(reading: MiddleChineseReading): readonly VietTone[] {
  const regular = correspondingTone(reading);
  if (reading.tone === '上' && reading.voicing === '全濁') return [regular, 'nga'];
  if (reading.tone === '去' && reading.voicing === '次濁') return [regular, 'nga'];
  if (reading.tone === '平' && reading.voicing === '次濁') return [regular, 'huyen'];
  return [regular];
}

const bare = (syllable: string) => syllable.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
const endsInStop = (syllable: string) => /(p|t|c|ch)$/.test(bare(syllable));

/** Whether a Vietnamese reading can continue this MC syllable in tone and ending (a Nôm reading mostly cannot). */
function fitsSyllable(reading: string, syllable: MiddleChineseReading): boolean {
  const parts = parseVietSyllable(reading);
  return !!parts && possibleTones(syllable).includes(parts.tone) && endsInStop(reading) === (syllable.tone === '入');
}

/** Whether a reading could continue one of a character's Guangyun syllables (tone and ending); Nôm readings mostly cannot. */
export function fitsAnySyllable(reading: string, syllables: readonly MiddleChineseReading[]): boolean {
  return syllables.some((syllable) => fitsSyllable(reading, syllable));
}

function initialKeys(s: MiddleChineseReading): string[] {
  return [
    `${s.initial}|${s.rhyme}|${s.rounding}|${s.division}|${s.type}`,
    `${s.initial}|${s.rounding}|${s.division}|${s.type}`,
    `${s.initial}|${s.rounding}|${s.division}`,
    `${s.initial}|${s.division}`,
    s.initial,
  ];
}

function toneKeys(s: MiddleChineseReading): string[] {
  return [`${s.tone}|${s.voicing}|${s.initial}`, `${s.tone}|${s.voicing}`];
}

function finalKeys(s: MiddleChineseReading): string[] {
  const stop = s.tone === '入' ? 'stop' : 'open';
  const group = INITIAL_GROUP[s.initial];
  return [
    `${s.rhyme}|${s.rounding}|${s.division}|${s.type}|${stop}|${group}`,
    `${s.rhyme}|${s.rounding}|${s.division}|${s.type}|${stop}`,
    `${s.rhyme}|${s.rounding}|${s.division}|${stop}`,
    `${s.rhyme}|${s.rounding}|${stop}`,
    `${s.rhyme}|${stop}`,
  ];
}

/** Rhyme with the medial glide, as one comparable string (w + an for quan, hoan). */
const finalOf = (parts: VietSyllable) => `${parts.medial ? 'w' : ''}${parts.rhyme}`;

function add(counts: Counts, key: string, value: string, weight: number): void {
  let values = counts.get(key);
  if (!values) counts.set(key, (values = new Map()));
  values.set(value, (values.get(value) ?? 0) + weight);
}

/** Known readings a context needs before its majority is trusted; below that, a wider context decides. */
const MIN_EVIDENCE = 3;

/** The most counted value of the first key with enough evidence (else of the widest key that has any; ties: the value counted first). */
function majority(counts: Counts, keys: readonly string[]): string | undefined {
  let fallback: string | undefined;
  for (const key of keys) {
    const values = counts.get(key);
    if (!values) continue;
    let best: [string, number] | undefined;
    let total = 0;
    for (const entry of values) {
      total += entry[1];
      if (!best || entry[1] > best[1]) best = entry;
    }
    if (best && total >= MIN_EVIDENCE) return best[0];
    fallback = best?.[0] ?? fallback;
  }
  return fallback;
}

/** Share of a value among the counts of a key. */
function share(counts: Counts, key: string, value: string): number {
  const values = counts.get(key);
  if (!values) return 0;
  let total = 0;
  for (const count of values.values()) total += count;
  return (values.get(value) ?? 0) / total;
}

/** Share of the known readings below which an initial or rhyme is not a regular correspondence. */
const ATTESTED = 0.1;

/**
 * Whether a reading's initial is one the syllable's MC initial regularly gives and its rhyme one
 * the MC rhyme regularly gives (each at least a tenth of the known readings): a Nôm reading or a
 * slip in the data (隹 "choai", 騑 "phay") is neither.
 */
function attested(tables: Pick<Correspondences, 'initials' | 'finals' | 'tones'>, syllable: MiddleChineseReading, parts: VietSyllable): boolean {
  const [rhymeKey] = finalKeys(syllable).slice(-1);
  return share(tables.initials, syllable.initial, parts.initial) >= ATTESTED && share(tables.finals, rhymeKey, finalOf(parts)) >= ATTESTED;
}

/** One spelling per syllable, for comparing readings: i and y (lí, lý), tone mark placement (hoá, hóa). */
export function canonicalSyllable(reading: string): string {
  const parts = parseVietSyllable(reading);
  return parts ? spellVietSyllable(parts) : reading.normalize('NFC').toLowerCase();
}

/** Groups the syllables by character. */
export function syllablesByCharacter(syllables: readonly MiddleChineseReading[]): Map<string, MiddleChineseReading[]> {
  const byCharacter = new Map<string, MiddleChineseReading[]>();
  for (const syllable of syllables) {
    const list = byCharacter.get(syllable.character);
    if (list) list.push(syllable);
    else byCharacter.set(syllable.character, [syllable]);
  }
  return byCharacter;
}

/** The reading the correspondences give, part by part. */
function correspondingParts(tables: Pick<Correspondences, 'initials' | 'finals' | 'tones'>, s: MiddleChineseReading): VietSyllable | undefined {
  let initial = majority(tables.initials, initialKeys(s));
  const final = majority(tables.finals, finalKeys(s));
  if (initial === undefined || !final) return undefined;
  const medial = final.startsWith('w');
  // gi has no rounded form: 關 見合二 is quan, where 間 見開二 is gian
  if (medial && initial === 'gi') initial = 'k';
  const tone = (majority(tables.tones, toneKeys(s)) as VietTone | undefined) ?? correspondingTone(s);
  return { initial, medial, rhyme: medial ? final.slice(1) : final, tone };
}

/**
 * Counts the correspondences over the characters whose readings are known: each Guangyun
 * syllable of such a character is paired with its first known reading that fits the syllable's
 * tone and ending, a character of n syllables weighing 1/n.
 */
export function learnCorrespondences(syllables: readonly MiddleChineseReading[], known: KnownReadings): Correspondences {
  const byCharacter = syllablesByCharacter(syllables);
  const pairs: [MiddleChineseReading, VietSyllable, string, number][] = [];
  for (const [character, list] of byCharacter) {
    const readings = known.get(character);
    if (!readings) continue;
    for (const syllable of list) {
      const reading = readings.find((candidate) => fitsSyllable(candidate, syllable));
      const parts = reading ? parseVietSyllable(reading) : undefined;
      if (reading && parts) pairs.push([syllable, parts, normalizeSyllable(reading), 1 / list.length]);
    }
  }
  const tables: Correspondences = { initials: new Map(), finals: new Map(), tones: new Map(), homophones: new Map() };
  for (const [syllable, parts, , weight] of pairs) {
    for (const key of initialKeys(syllable)) add(tables.initials, key, parts.initial, weight);
    for (const key of finalKeys(syllable)) add(tables.finals, key, finalOf(parts), weight);
    for (const key of toneKeys(syllable)) add(tables.tones, key, parts.tone, weight);
  }
  for (const [syllable, parts, reading, weight] of pairs) {
    const expected = correspondingParts(tables, syllable);
    if (!expected || !attested(tables, syllable, parts)) continue;
    if (expected.initial === parts.initial || finalOf(expected) === finalOf(parts)) add(tables.homophones, syllable.homophones, reading, weight);
  }
  return tables;
}

/**
 * The reading of one Guangyun syllable: the homophones' readings and the correspondences'
 * reading compete, a homophone's vote counting two and each part (initial, rhyme, tone) agreeing
 * with the correspondences one.
 */
export function deriveSyllable(tables: Correspondences, syllable: MiddleChineseReading): string | undefined {
  const expected = correspondingParts(tables, syllable);
  const byRules = expected ? normalizeSyllable(spellVietSyllable(expected)) : undefined;
  const votes = tables.homophones.get(syllable.homophones);
  if (!votes) return byRules;
  const candidates = new Map(votes);
  if (byRules && !candidates.has(byRules)) candidates.set(byRules, 0);
  let best: [string, number] | undefined;
  for (const [reading, count] of candidates) {
    const parts = parseVietSyllable(reading);
    let score = 2 * count;
    if (expected && parts) {
      score += (parts.initial === expected.initial ? 1 : 0) + (finalOf(parts) === finalOf(expected) ? 1 : 0) + (parts.tone === expected.tone ? 1 : 0);
    }
    if (!best || score > best[1]) best = [reading, score];
  }
  return best?.[0];
}

const PINYIN_TONE: Readonly<Record<string, number>> = { '\u0304': 1, '\u0301': 2, '\u030c': 3, '\u0300': 4 };

function pinyinTone(pinyin: string): number {
  for (const char of pinyin.normalize('NFD')) if (PINYIN_TONE[char]) return PINYIN_TONE[char];
  return 5;
}

/**
 * How well a Mandarin reading continues a Guangyun syllable: -1 when its ending cannot (a nasal
 * for a stop or open syllable, none for a nasal one), else 1 when its tone is the regular one
 * (level: 1 voiceless, 2 voiced; rising: 3, 4 after a voiced obstruent; departing: 4; entering: any), else 0.
 */
export function mandarinFit(syllable: MiddleChineseReading, pinyin: string): number {
  const plain = bare(pinyin).toLowerCase();
  const nasal = /(n|ng)$/.test(plain) && plain !== 'ng' && plain !== 'n';
  if (nasal !== (NASAL_RHYMES.has(syllable.rhyme) && syllable.tone !== '入')) return -1;
  const tone = pinyinTone(pinyin);
  if (tone === 5 || syllable.tone === '入') return 1;
  const voiceless = syllable.voicing === '全清' || syllable.voicing === '次清';
  const expected =
    syllable.tone === '平' ? (voiceless ? 1 : 2) : syllable.tone === '上' ? (syllable.voicing === '全濁' ? 4 : 3) : 4;
  return tone === expected ? 1 : 0;
}

/**
 * Orders a character's Guangyun syllables by its Mandarin readings (the first, kMandarin's
 * usual one, above all), leaving out syllables that no Mandarin reading can continue; without a
 * Mandarin reading, the book's order.
 */
export function orderByMandarin(syllables: readonly MiddleChineseReading[], mandarin: readonly string[]): MiddleChineseReading[] {
  if (mandarin.length === 0) return [...syllables];
  const scored = syllables.map((syllable, index) => {
    const fits = mandarin.map((pinyin) => mandarinFit(syllable, pinyin));
    return { syllable, index, fits, best: Math.max(...fits) };
  });
  return scored
    .filter(({ best }) => best >= 0)
    .sort((a, b) => b.fits[0] - a.fits[0] || b.best - a.best || a.index - b.index)
    .map(({ syllable }) => syllable);
}

/** A character's derived readings, the likely default first. */
export function deriveCharacter(
  tables: Correspondences,
  syllables: readonly MiddleChineseReading[],
  mandarin: readonly string[],
): string[] {
  const readings: string[] = [];
  for (const syllable of orderByMandarin(syllables, mandarin)) {
    const reading = deriveSyllable(tables, syllable);
    if (reading && !readings.includes(reading)) readings.push(reading);
  }
  return readings;
}

/** Derived readings of every character of the Guangyun, learned from the known readings. */
export function deriveHanViet(
  syllables: readonly MiddleChineseReading[],
  known: KnownReadings,
  mandarinOf: (character: string) => readonly string[],
): Map<string, string[]> {
  const tables = learnCorrespondences(syllables, known);
  const derived = new Map<string, string[]>();
  for (const [character, list] of syllablesByCharacter(syllables)) {
    const readings = deriveCharacter(tables, list, mandarinOf(character));
    if (readings.length > 0) derived.set(character, readings);
  }
  return derived;
}

export interface DerivationAgreement {
  /** Characters with a reference reading and a Guangyun syllable whose derivation was checked. */
  characters: number;
  /** Share whose derived default reading is one of the reference readings. */
  agreesWithAny: number;
  /** Share whose derived default reading is the reference's first (default) reading. */
  agreesWithDefault: number;
  /** The same two shares for the parts of the derived default against the reference's default. */
  initialAgrees: number;
  rhymeAgrees: number;
  toneAgrees: number;
}

/**
 * Agreement of the derivation with reference readings, measured honestly: the characters are
 * split into `folds` parts by `foldKey` (give variants of one character the same key, else a
 * character's simplified form would teach its traditional one), and each part is derived from
 * correspondences and homophones learned on the other parts only.
 */
export function derivationAgreement(
  syllables: readonly MiddleChineseReading[],
  known: KnownReadings,
  reference: KnownReadings,
  mandarinOf: (character: string) => readonly string[],
  foldKey: (character: string) => number = (character) => character.codePointAt(0)!,
  folds = 10,
): DerivationAgreement {
  const byCharacter = syllablesByCharacter(syllables);
  const tested = [...reference.keys()].filter((character) => byCharacter.has(character) && (reference.get(character)?.length ?? 0) > 0);
  let checked = 0;
  let any = 0;
  let first = 0;
  let initial = 0;
  let rhyme = 0;
  let tone = 0;
  for (let fold = 0; fold < folds; fold++) {
    const training = new Map([...known].filter(([character]) => foldKey(character) % folds !== fold));
    const tables = learnCorrespondences(syllables, training);
    for (const character of tested) {
      if (foldKey(character) % folds !== fold) continue;
      const [derived] = deriveCharacter(tables, byCharacter.get(character)!, mandarinOf(character));
      if (!derived) continue;
      const expected = reference.get(character)!.map(canonicalSyllable);
      checked++;
      if (expected.includes(canonicalSyllable(derived))) any++;
      if (expected[0] === canonicalSyllable(derived)) first++;
      const a = parseVietSyllable(derived);
      const b = parseVietSyllable(expected[0]);
      if (a && b) {
        if (a.initial === b.initial) initial++;
        if (finalOf(a) === finalOf(b)) rhyme++;
        if (a.tone === b.tone) tone++;
      }
    }
  }
  const share = (count: number) => Math.round((1000 * count) / Math.max(checked, 1)) / 1000;
  return {
    characters: checked,
    agreesWithAny: share(any),
    agreesWithDefault: share(first),
    initialAgrees: share(initial),
    rhymeAgrees: share(rhyme),
    toneAgrees: share(tone),
  };
}
