import { NUMERAL_CHARACTERS, parseChineseNumber } from '@/server/convert/numbers';
import { simplify } from '@/server/convert/simplify';

/**
 * Chapters of one book on two sites, matched by what their titles say: the chapter number
 * (第N章/回/节, Chinese or Arabic numerals, after any volume heading), a prologue (序章, 楔子,
 * 引子, 序言, 前言), an extra (番外, with its number or name), and the title's own words. Sites
 * number the same chapter differently (one counts the prologue, another restarts per volume),
 * so a number matches only when the names agree or one site gives no name.
 */

export type ChapterKind = 'numbered' | 'prologue' | 'extra' | 'volume' | 'other';

export interface ChapterIdentity {
  kind: ChapterKind;
  /** The chapter's (or extra's) number, when its heading gives one. */
  number: number | null;
  /** The title's own words, normalised (simplified, no spacing or punctuation); '' when none. */
  name: string;
}

const NUMERAL = `[0-9０-９${NUMERAL_CHARACTERS}]+`;
const VOLUME = new RegExp(`^(?:第${NUMERAL}[卷部集]|卷${NUMERAL}|[上中下][卷部])[^第]*?(?=第${NUMERAL}[章回节]|$)`, 'u');
const NUMBERED = new RegExp(`^第(${NUMERAL})[章回节]`, 'u');
const PROLOGUE = /^(?:序章|序言|序幕|楔子|引子|前言|序(?=[\s:：]|$))/u;
const EXTRA = new RegExp(`^(?:番外篇?|外传)(${NUMERAL})?`, 'u');
const NOISE = /[\s\p{P}\p{S}\u3000]+/gu;

function numberOf(text: string): number | null {
  const ascii = text.normalize('NFKC');
  return /^\d+$/.test(ascii) ? Number(ascii) : parseChineseNumber(ascii);
}

function nameOf(rest: string): string {
  return simplify(rest.normalize('NFKC')).replace(NOISE, '').toLowerCase();
}

/** What a chapter title says about which chapter it is. */
export function identifyChapter(title: string): ChapterIdentity {
  let text = title.normalize('NFKC').trim();
  const volume = text.match(VOLUME);
  if (volume) {
    text = text.slice(volume[0].length).trim();
    if (!text) return { kind: 'volume', number: null, name: nameOf(volume[0]) };
  }
  const numbered = text.match(NUMBERED);
  if (numbered) return { kind: 'numbered', number: numberOf(numbered[1]), name: nameOf(text.slice(numbered[0].length)) };
  const extra = text.match(EXTRA);
  if (extra) return { kind: 'extra', number: extra[1] ? numberOf(extra[1]) : null, name: nameOf(text.slice(extra[0].length)) };
  const prologue = text.match(PROLOGUE);
  if (prologue) return { kind: 'prologue', number: null, name: nameOf(text.slice(prologue[0].length)) };
  return { kind: 'other', number: null, name: nameOf(text) };
}

export interface AlignableChapter {
  /** The story's chapter index (reference) or the source's position (candidate). */
  index: number;
  title: string;
  url?: string;
}

/** Whether two names are the same title: equal, or one holds the other (a site's shortened or extended title). */
function sameName(a: string, b: string): boolean {
  if (!a || !b) return false;
  return a === b || (Math.min(a.length, b.length) >= 2 && (a.includes(b) || b.includes(a)));
}

function keyOf(identity: ChapterIdentity): string | null {
  if (identity.kind === 'numbered' && identity.number !== null) return `n:${identity.number}`;
  if (identity.kind === 'extra') return identity.number !== null ? `x:${identity.number}` : identity.name ? `x:${identity.name}` : null;
  if (identity.kind === 'prologue') return 'p';
  return null;
}

/**
 * Matches a source's chapters to a story's: a chapter the source already serves (same URL) keeps
 * its place; then the same name wins over the same number, and a number alone is trusted only
 * when neither side names the chapter differently. Each chapter matches at most once. Returns the
 * story index of each matched candidate (by candidate position).
 */
export function alignChapters(reference: readonly AlignableChapter[], candidates: readonly AlignableChapter[]): Map<number, number> {
  const matched = new Map<number, number>();
  const taken = new Set<number>();
  const byUrl = new Map(reference.filter((ref) => ref.url).map((ref) => [ref.url!, ref.index]));
  const refs = reference.map((ref) => ({ ref, identity: identifyChapter(ref.title) }));
  const byName = new Map<string, number[]>();
  const byKey = new Map<string, number[]>();
  for (const { ref, identity } of refs) {
    const key = keyOf(identity);
    if (identity.name) byName.set(identity.name, [...(byName.get(identity.name) ?? []), ref.index]);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), ref.index]);
  }
  const nameAt = new Map(refs.map(({ ref, identity }) => [ref.index, identity.name]));
  const take = (candidate: AlignableChapter, index: number | undefined) => {
    if (index === undefined || taken.has(index)) return false;
    matched.set(candidate.index, index);
    taken.add(index);
    return true;
  };
  const rest: AlignableChapter[] = [];
  for (const candidate of candidates) {
    if (!(candidate.url && take(candidate, byUrl.get(candidate.url)))) rest.push(candidate);
  }
  for (const candidate of rest) {
    const identity = identifyChapter(candidate.title);
    const key = keyOf(identity);
    const sameKey = (key ? byKey.get(key) : undefined)?.filter((index) => !taken.has(index)) ?? [];
    // The same number and the same name, or a unique name anywhere, or the same number unnamed on one side.
    const both = sameKey.find((index) => sameName(nameAt.get(index) ?? '', identity.name));
    if (take(candidate, both)) continue;
    const named = identity.name ? byName.get(identity.name)?.filter((index) => !taken.has(index)) : undefined;
    if (named?.length === 1 && take(candidate, named[0])) continue;
    const unnamed = sameKey.find((index) => !nameAt.get(index) || !identity.name);
    take(candidate, unnamed);
  }
  return matched;
}

/** How many of a book's first chapters must match for another site's copy to count as the same book. */
export const CONFIRM_FIRST_CHAPTERS = 5;

/**
 * Whether a source's chapter list is the same book as the story's: of the story's first
 * chapters (up to CONFIRM_FIRST_CHAPTERS), most are found on the source by name.
 */
export function confirmsSameBook(reference: readonly AlignableChapter[], candidates: readonly AlignableChapter[]): boolean {
  const first = reference.slice(0, CONFIRM_FIRST_CHAPTERS);
  const named = first.filter((ref) => identifyChapter(ref.title).name);
  if (named.length === 0) return false;
  const names = new Set(candidates.slice(0, CONFIRM_FIRST_CHAPTERS * 3).map((c) => identifyChapter(c.title).name).filter(Boolean));
  const found = named.filter((ref) => [...names].some((name) => sameName(name, identifyChapter(ref.title).name))).length;
  return found >= Math.ceil(named.length * 0.6);
}
