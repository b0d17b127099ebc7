/**
 * Combinations said in Vietnamese order rather than piece by piece: a pronoun's possession
 * (你的资质 → "tư chất của ngươi"), a plural (弟子们 → "các đệ tử") and a place with its
 * localiser (在房间里 → "trong gian phòng", as QuickTranslator's LuatNhan rules say it).
 */
import type { Segment } from './segment';

type SegmentOf = readonly (Segment | undefined)[];
/** The meaning of the characters [start, end): a phrase of the list, else their Hán-Việt reading. */
export type ReadSpan = (start: number, end: number) => string | undefined;

export interface Reordered {
  length: number;
  text: string;
}

const OWNERS = new Set(['你', '我', '他', '她', '它', '您', '你们', '我们', '他们', '她们', '它们', '咱们']);

/** The segmenter's word that starts at `start`, if one does. */
function wordAt(segmentOf: SegmentOf, start: number): Segment | undefined {
  const segment = segmentOf[start];
  return segment?.start === start ? segment : undefined;
}

const isNoun = (segment: Segment | undefined) => !!segment && /^n[gsz]?$/.test(segment.tag);

/**
 * A pronoun, 的 and a noun that ends its phrase: the owner after "của" ("ngươi tư chất" says
 * nothing); 你的朋友们 → "các bằng hữu của ngươi"; 这是我的。 → "đây là của ta."
 */
export function possessiveAt(line: string, position: number, segmentOf: SegmentOf, read: ReadSpan): Reordered | undefined {
  const owner = wordAt(segmentOf, position);
  if (!owner || !OWNERS.has(line.slice(owner.start, owner.end)) || line[owner.end] !== '的' || wordAt(segmentOf, owner.end)?.end !== owner.end + 1) return undefined;
  const ownerText = read(owner.start, owner.end);
  if (!ownerText) return undefined;
  const nounStart = owner.end + 1;
  // 是我的。 is "là của ta"; after any other verb a closing 的 only stresses (会回来看您的).
  if (nounStart === line.length || /[。！？!?，,…]/.test(line.charAt(nounStart))) {
    return line[position - 1] === '是' ? { length: nounStart - position, text: `của ${ownerText}` } : undefined;
  }
  const noun = wordAt(segmentOf, nounStart);
  if (!noun || !isNoun(noun)) return undefined;
  const plural = line[noun.end] === '们' && wordAt(segmentOf, noun.end)?.end === noun.end + 1;
  const end = plural ? noun.end + 1 : noun.end;
  const after = segmentOf[end];
  if (after && /^(n|f|s|a|b|m|q|u)/.test(after.tag)) return undefined;
  const nounText = read(noun.start, noun.end);
  return nounText ? { length: end - position, text: `${plural ? 'các ' : ''}${nounText} của ${ownerText}` } : undefined;
}

/** A noun with the plural suffix 们, said with "các" before it. */
export function pluralAt(line: string, position: number, segmentOf: SegmentOf, read: ReadSpan): Reordered | undefined {
  const noun = wordAt(segmentOf, position);
  if (!isNoun(noun) || line[noun!.end] !== '们' || wordAt(segmentOf, noun!.end)?.end !== noun!.end + 1) return undefined;
  const nounText = read(noun!.start, noun!.end);
  return nounText ? { length: noun!.end + 1 - position, text: `các ${nounText}` } : undefined;
}

const PLACE_WORDS: Readonly<Record<string, string>> = { 上: 'trên', 里: 'trong', 中: 'trong', 下: 'dưới' };
const PLACE_PREPOSITIONS: Readonly<Record<string, string>> = { 在: 'ở', 从: 'theo' };

/** 在房间里 → "ở trong gian phòng", 从山谷里 → "theo trong sơn cốc" (从 as converters say it): 在 or 从, one noun, a localiser. */
export function placeAt(line: string, position: number, segmentOf: SegmentOf, read: ReadSpan): Reordered | undefined {
  const preposition = PLACE_PREPOSITIONS[line[position]];
  const word = wordAt(segmentOf, position);
  if (preposition === undefined || word?.end !== position + 1 || word.tag !== 'p') return undefined;
  const noun = wordAt(segmentOf, position + 1);
  // 在擂台/v 上: jieba tags some nouns as verbs; before a localiser they are places.
  if (!noun || !/^(n[gsz]?|s|v|vn)$/.test(noun.tag)) return undefined;
  const localiser = wordAt(segmentOf, noun.end);
  const place = localiser && localiser.end === noun.end + 1 && localiser.tag === 'f' ? PLACE_WORDS[line[noun.end]] : undefined;
  const nounText = place && read(noun.start, noun.end);
  return nounText ? { length: noun.end + 1 - position, text: [preposition, place, nounText].filter(Boolean).join(' ') } : undefined;
}
