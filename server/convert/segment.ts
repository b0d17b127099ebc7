import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';
import { processCached } from './processCache';

/** One word of a line as jieba cut it: [start, end) in UTF-16 units and its part-of-speech tag. */
export interface Segment {
  start: number;
  end: number;
  tag: string;
}

/** The segmenter with jieba's own dictionary (about 350,000 words with counts and tags), built once per process. */
function segmenter(): Jieba {
  return processCached('jieba', () => Jieba.withDict(dict));
}

/** Tags of a word of manner before the adverbial particle 地 (剧烈, 认真, 拼命). */
const MANNER_TAGS = new Set(['z', 'd', 'ad', 'a', 'an', 'v', 'vd', 'i', 'l']);

/**
 * Adverbs jieba keeps whole with their particle (死死地, 重重地, 剧烈地/n): the particle on its
 * own, tagged as such; a word whose part before 地 is no word of manner keeps it (目的地, 铺天盖地).
 */
function splitAdverbialParticle(line: string, segment: Segment): Segment[] {
  const { start, end, tag } = segment;
  if (end - start < 3 || line[end - 1] !== '地') return [segment];
  if (!['z', 'd', 'ad'].includes(tag) && !isMannerWord(line.slice(start, end - 1))) return [segment];
  return [
    { start, end: end - 1, tag },
    { start: end - 1, end, tag: 'uv' },
  ];
}

function isMannerWord(word: string): boolean {
  return MANNER_TAGS.has(wordTag(word) ?? '');
}

/** jieba's tag of a text it takes as one word (大喊 → v); undefined if it cuts the text. */
export function wordTag(word: string): string | undefined {
  const cache = processCached('wordTags', () => new Map<string, string | undefined>());
  if (cache.has(word)) return cache.get(word);
  const tagged = segmenter().tag(word, false);
  const tag = tagged.length === 1 ? tagged[0].tag : undefined;
  // Short words only (one to three characters), so the cache stays small.
  if (cache.size < 50_000) cache.set(word, tag);
  return tag;
}

const PROPER_NOUN_TAGS = new Set(['nr', 'ns', 'nt', 'nz']);

/**
 * 今 + 日本 + 王: a proper noun whose first character makes a time word with the single character
 * before it is cut wrong; the time word is taken (今日 + 本 + 王, "hôm nay bổn vương").
 */
function recutTimeWords(line: string, segments: Segment[]): Segment[] {
  for (let index = 1; index < segments.length; index++) {
    const previous = segments[index - 1];
    const current = segments[index];
    if (previous.end - previous.start !== 1 || current.end - current.start < 2 || !PROPER_NOUN_TAGS.has(current.tag)) continue;
    if (wordTag(line.slice(previous.start, current.start + 1)) !== 't') continue;
    const rest = line.slice(current.start + 1, current.end);
    segments.splice(index - 1, 2, { start: previous.start, end: current.start + 1, tag: 't' }, { start: current.start + 1, end: current.end, tag: wordTag(rest) ?? 'x' });
  }
  return segments;
}

/**
 * Cuts a line into words with part-of-speech tags (nr person, ns place, nt organisation, nz
 * other proper noun, m numeral, x unknown: words found by the HMM are tagged x; uv the particle
 * 地, also where jieba glued it to an adverb). Should the words not add up to the line, every
 * character becomes its own word.
 */
export function segmentLine(line: string): Segment[] {
  const segments: Segment[] = [];
  let position = 0;
  for (const { word, tag } of segmenter().tag(line, true)) {
    segments.push({ start: position, end: position + word.length, tag });
    position += word.length;
  }
  if (position === line.length) return recutTimeWords(line, segments.flatMap((segment) => splitAdverbialParticle(line, segment)));
  const fallback: Segment[] = [];
  for (let start = 0; start < line.length; ) {
    const end = start + (line.codePointAt(start)! > 0xffff ? 2 : 1);
    fallback.push({ start, end, tag: 'x' });
    start = end;
  }
  return fallback;
}
