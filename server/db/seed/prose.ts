import { CROSSOVER_GENRES, SEED_GENRES, type GenreFamily } from './genres';
import type { Rng } from './random';
import { capitalizeFirst, fill, titleCase, type Cast, type Person } from './template';
import { VOCABULARIES, type Vocabulary } from './vocabulary';

export type { Cast, Person } from './template';

const FAMILY_BY_GENRE = new Map(SEED_GENRES.map((genre) => [genre.name, genre.family]));

/** The family whose vocabulary a story is written in: that of its first genre that is not a crossover. */
export function familyOf(genreNames: readonly string[]): GenreFamily {
  const primary = genreNames.find((name) => !CROSSOVER_GENRES.includes(name)) ?? genreNames[0];
  return FAMILY_BY_GENRE.get(primary) ?? 'urban';
}

export function vocabularyFor(family: GenreFamily): Vocabulary {
  return VOCABULARIES[family];
}

/** Genres that change who the lead is, whatever the family's habit. */
export const MALE_LEAD_GENRES: readonly string[] = ['Lịch Sử', 'Quân Sự', 'Đam Mỹ'];

export function createCast(rng: Rng, vocabulary: Vocabulary, genreNames: readonly string[]): Cast {
  const leadFemale = vocabulary.leadFemale && !genreNames.some((name) => MALE_LEAD_GENRES.includes(name));
  const sameSex = genreNames.includes('Đam Mỹ');
  const partnerFemale = sameSex ? leadFemale : !leadFemale;
  const { male, female, junior } = vocabulary.pronouns;
  const person = (female_: boolean, names: readonly string[], pronoun: string): Person => ({
    name: rng.pick(names),
    female: female_,
    pronoun,
  });
  const lead = person(leadFemale, leadFemale ? vocabulary.femaleNames : vocabulary.maleNames, leadFemale ? female : male);
  const partnerNames = (partnerFemale ? vocabulary.femaleNames : vocabulary.maleNames).filter((n) => n !== lead.name);
  const partner = person(partnerFemale, partnerNames, partnerFemale ? female : male);
  // Two men of the same story must not share a pronoun, or the narration cannot tell them apart.
  if (sameSex && junior) lead.pronoun = junior;
  const foe = person(vocabulary.rivalFemale, vocabulary.rivals, vocabulary.rivalFemale ? female : male);
  return { lead, partner, foe, group: rng.pick(vocabulary.groups), home: rng.pick(vocabulary.homes) };
}

/** Draws templates without repeating one until all have been used. */
function deck(rng: Rng, templates: readonly string[]): () => string {
  let cards: string[] = [];
  return () => {
    if (cards.length === 0) cards = rng.shuffle(templates);
    return cards.pop() as string;
  };
}

// Weighted towards short chapters (about 2 KB) so the demo catalogue seeds in seconds.
const PARAGRAPHS_PER_CHAPTER: readonly (readonly [number, number])[] = [
  [8, 6],
  [9, 4],
  [10, 2],
  [11, 1],
  [12, 1],
  [13, 0.5],
  [14, 0.5],
];
const SENTENCES_PER_PARAGRAPH: readonly (readonly [number, number])[] = [
  [2, 12],
  [3, 3],
  [4, 1],
  [5, 0.5],
];
const DIALOGUE_SHARE = 0.4;

/** A chapter's text: 8–14 paragraphs of 2–5 sentences, joined by '\n'. */
export function chapterContent(rng: Rng, vocabulary: Vocabulary, cast: Cast): string {
  const narration = deck(rng, vocabulary.narration);
  const dialogue = deck(rng, vocabulary.dialogue);
  const count = rng.weighted(PARAGRAPHS_PER_CHAPTER);
  const paragraphs: string[] = [];
  for (let p = 0; p < count; p++) {
    const size = rng.weighted(SENTENCES_PER_PARAGRAPH);
    const templates: string[] = [];
    for (let s = 0; s < size; s++) templates.push(narration());
    if (p === 0) templates[0] = rng.pick(vocabulary.openers);
    else if (rng.chance(DIALOGUE_SHARE)) templates[rng.int(0, size - 1)] = dialogue();
    if (p === count - 1) templates[size - 1] = rng.pick(vocabulary.closers);
    paragraphs.push(templates.map((template) => capitalizeFirst(fill(template, vocabulary, cast, rng))).join(' '));
  }
  return paragraphs.join('\n');
}

/** The part of a chapter title after "Chương N: ". */
export function shortChapterTitle(rng: Rng, vocabulary: Vocabulary, cast: Cast): string {
  return titleCase(fill(rng.pick(vocabulary.chapterTitles), vocabulary, cast, rng));
}

export function chapterTitle(rng: Rng, vocabulary: Vocabulary, cast: Cast, index: number): string {
  return `Chương ${index}: ${shortChapterTitle(rng, vocabulary, cast)}`;
}

/** A story description of 3–5 sentences. */
export function storyDescription(rng: Rng, vocabulary: Vocabulary, cast: Cast): string {
  return rng
    .sample(vocabulary.blurbs, rng.int(3, 5))
    .map((template) => capitalizeFirst(fill(template, vocabulary, cast, rng)))
    .join(' ');
}

const SEQUEL_MARKERS = ['Ngoại Truyện', 'Phần Hai', 'Tái Khởi', 'Hậu Truyện', 'Tân Truyện'];

/** Hands out story titles, never the same one twice. */
export class TitleBook {
  private readonly used: Set<string>;

  /** `taken`: titles already in use elsewhere (e.g. stories already in the database). */
  constructor(taken: Iterable<string> = []) {
    this.used = new Set(taken);
  }

  next(rng: Rng, vocabulary: Vocabulary, cast: Cast): string {
    for (let attempt = 0; attempt < 40; attempt++) {
      const title = titleCase(fill(rng.pick(vocabulary.storyTitles), vocabulary, cast, rng));
      if (this.claim(title)) return title;
    }
    // The patterns of a family are exhausted (large benchmark catalogues): number the sequels.
    const base = titleCase(fill(rng.pick(vocabulary.storyTitles), vocabulary, cast, rng));
    for (let n = 0; ; n++) {
      const marker = SEQUEL_MARKERS[n % SEQUEL_MARKERS.length];
      const title = n < SEQUEL_MARKERS.length ? `${base} ${marker}` : `${base} ${marker} ${Math.floor(n / SEQUEL_MARKERS.length) + 1}`;
      if (this.claim(title)) return title;
    }
  }

  has(title: string): boolean {
    return this.used.has(title);
  }

  private claim(title: string): boolean {
    if (this.used.has(title)) return false;
    this.used.add(title);
    return true;
  }
}

const PEN_FIRST = ['Mặc', 'Thanh', 'Phong', 'Nguyệt', 'Tiêu', 'Lạc', 'Vân', 'Tuyết', 'Dạ', 'Cô', 'Bạch', 'Tửu', 'Mộng', 'Thất', 'Hàn', 'Yên'];
const PEN_SECOND = ['Vũ', 'Trần', 'Ca', 'Khách', 'Sinh', 'Ngâm', 'Tử', 'Nhân', 'Y', 'Lang', 'Miêu', 'Hà', 'Tâm', 'Ảnh'];
const PEN_THIRD = ['Khách', 'Tiên', 'Cư Sĩ', 'Lão Nhân', 'Công Tử', 'Thư Sinh'];
const PEN_NOUN = ['Mèo', 'Cá', 'Mây', 'Gió', 'Trăng', 'Mưa', 'Sóc', 'Thỏ', 'Cáo', 'Sương'];
const PEN_TRAIT = ['Lười', 'Mặn', 'Lang Thang', 'Đi Lạc', 'Mùa Hạ', 'Nhỏ', 'Biết Bay', 'Ngủ Quên', 'Cuối Thu', 'Không Tên'];

/** An author's pen name: Hán-Việt like "Mặc Vũ Khách" or Vietnamese like "Mèo Lười Đi Lạc". */
export function penName(rng: Rng): string {
  const style = rng.weighted<'two' | 'three' | 'vi'>([
    ['two', 3],
    ['three', 3],
    ['vi', 2],
  ]);
  if (style === 'two') return `${rng.pick(PEN_FIRST)} ${rng.pick(PEN_SECOND)}`;
  if (style === 'three') return `${rng.pick(PEN_FIRST)} ${rng.pick(PEN_SECOND)} ${rng.pick(PEN_THIRD)}`;
  return `${rng.pick(PEN_NOUN)} ${rng.pick(PEN_TRAIT)}`;
}

/** Words as a reader counts them: space-separated tokens (a Vietnamese syllable is a word). */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code === 32 || code === 10 || code === 9 || code === 13;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}
