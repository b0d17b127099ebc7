/**
 * Writes server/convert/data/phrases/92-compounds-*.txt (parts of at most 2,000 lines): words of jieba's dictionary that jieba
 * counts only a few times (most are two words side by side that its corpus happened to glue:
 * 浪费时间, 仔细观察, 太漂亮, 越来越近, 热咖啡, 吃个饭) and that are two words of the built-in
 * list (a character and a two-character word in a three-character one), or an adverb of degree
 * before one. The segmenter keeps such a word whole, so without an entry it
 * would be read in Hán-Việt as one word ("việt lai việt cận"); the entry says its two words
 * instead, as a reader expects. The degree adverbs and the directional complements (冷静下来
 * "bình tĩnh lại") are said as the lists say them, so the conventions file decides them too.
 * Run again after editing the other lists:
 *   npx tsx scripts/build-compound-phrases.ts
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDictionary, PhraseDictionary } from '@/server/convert/dictionary';
import { PHRASES_DIR } from '@/server/convert/hanviet/paths';

const OUTPUT_PREFIX = '92-compounds';
const PART_LINES = 1_999;
/** A word counted more often than this is taken to be a word of its own (浑然一体, 可口可乐). */
const MAX_COUNT = 5;
/** Proper names, numerals and unknown words are left to the name and number rules. */
const SKIPPED_TAGS = new Set(['nr', 'nrt', 'nrfg', 'ns', 'nt', 'nz', 'm', 'mq', 'q', 'x', 'eng']);
/** jieba tags some glued adverb + adjective words as person names (越来越近/nr, 太漂亮/nr). */
const NAME_TAGS = new Set(['nr', 'nrt', 'nrfg']);
/** A particle after the adjective makes it grammar, not a word (太好了). */
const PARTICLES = /[了的着过地得吗呢吧啊]/u;
/** Adverbs of degree glued to the word after them (太漂亮 "quá xinh đẹp"), said as the lists say them (很 "thực"). */
const DEGREE_PREFIXES = ['越来越', '太', '很'];
/** Directional complements after a verb or adjective (冷静下来, 站起来). */
const COMPLEMENTS = ['下来', '下去', '起来', '上来', '上去', '出来', '出去', '进来', '进去', '回来', '回去', '过来', '过去'];

/** Entries that must agree on a complement's ending before it is taken (one odd entry is not a convention). */
const MIN_VOTES = 3;

interface Listed {
  phrases: PhraseDictionary;
  keys: string[];
}

function listedPhrases(): Listed {
  const phrases = new PhraseDictionary();
  const keys: string[] = [];
  for (const file of readdirSync(PHRASES_DIR).filter((name) => name.endsWith('.txt') && !name.startsWith(OUTPUT_PREFIX)).sort()) {
    const full = path.join(PHRASES_DIR, file);
    const text = readFileSync(full, 'utf8');
    parseDictionary(text, phrases, full);
    for (const line of text.split('\n')) if (!line.startsWith('#') && line.includes('=')) keys.push(line.slice(0, line.indexOf('=')));
  }
  return { phrases, keys };
}

/**
 * How the lists say each complement after a two-character word: the ending most of their
 * entries give it (冷静下来 "bình tĩnh lại", 安静下来 "yên lặng lại" → 下来 "lại"); the
 * complement's own entry where fewer than MIN_VOTES entries agree.
 */
function complementReadings({ phrases, keys }: Listed): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  for (const key of new Set(keys)) {
    const complement = COMPLEMENTS.find((candidate) => key.length === 4 && key.endsWith(candidate));
    const head = complement && phrases.get(key.slice(0, 2));
    const meaning = complement && phrases.get(key);
    if (!complement || !head || !meaning?.startsWith(`${head} `)) continue;
    const ending = meaning.slice(head.length + 1);
    const counts = votes.get(complement) ?? new Map<string, number>();
    counts.set(ending, (counts.get(ending) ?? 0) + 1);
    votes.set(complement, counts);
  }
  const readings = new Map<string, string>();
  for (const complement of COMPLEMENTS) {
    const counts = [...(votes.get(complement) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
    const said = (counts[0]?.[1] ?? 0) >= MIN_VOTES ? counts[0][0] : phrases.get(complement);
    if (said !== undefined) readings.set(complement, said);
  }
  return readings;
}

/** AABB and ABAB (摇摇摆摆, 好久好久) are words of their own. */
function isReduplicated(word: string): boolean {
  return (word[0] === word[1] && word[2] === word[3]) || word.slice(0, 2) === word.slice(2);
}

function degreeMeaning(word: string, phrases: PhraseDictionary): string | undefined {
  for (const prefix of DEGREE_PREFIXES) {
    const said = phrases.get(prefix);
    const rest = word.slice(prefix.length);
    if (!said) continue;
    if (word.startsWith(prefix) && rest.length >= 1 && rest.length <= 2 && !PARTICLES.test(rest)) {
      const meaning = phrases.get(rest);
      if (meaning && (rest.length === 2 || prefix === '越来越')) return `${said} ${meaning}`;
    }
  }
  return undefined;
}

/**
 * 热咖啡, 快给我: a three-character word said as a listed character and a listed two-character
 * word (or the other way round), in the order of the Chinese as converters say such words
 * ("nóng cà phê"); where both cuts are listed, the likelier by jieba's counts of the two parts
 * (书架 + 上 rather than 书 + 架上), as jieba itself would choose between them.
 */
function tripleMeaning(word: string, phrases: PhraseDictionary, counts: ReadonlyMap<string, number>): string | undefined {
  if (word.length !== 3 || word[0] === word[1] || word[1] === word[2] || DEGREE_PREFIXES.some((prefix) => word.startsWith(prefix))) return undefined;
  // 掉下来, 走过去: a verb and its directional complement are read piece by piece by the converter.
  if (/[来去]$/u.test(word)) return undefined;
  const cuts = [
    { first: word.slice(0, 1), second: word.slice(1) },
    { first: word.slice(0, 2), second: word.slice(2) },
  ]
    .filter(({ first, second }) => !PARTICLES.test(first.length === 1 ? first : second) && phrases.get(first) && phrases.get(second))
    .map((cut) => ({ ...cut, likelihood: (counts.get(cut.first) ?? 0) * (counts.get(cut.second) ?? 0) }))
    .sort((a, b) => b.likelihood - a.likelihood);
  const cut = cuts[0];
  return cut && `${phrases.get(cut.first)} ${phrases.get(cut.second)}`;
}

function pairMeaning(word: string, phrases: PhraseDictionary, complements: Map<string, string>): string | undefined {
  if (word.length !== 4 || isReduplicated(word)) return undefined;
  const first = phrases.get(word.slice(0, 2));
  const second = complements.get(word.slice(2)) ?? phrases.get(word.slice(2));
  if (!first || !second) return undefined;
  // 停止下来: "dừng lại" already says the complement "lại".
  return first === second || first.endsWith(` ${second}`) ? first : `${first} ${second}`;
}

function main(): void {
  const listed = listedPhrases();
  const { phrases } = listed;
  const complements = complementReadings(listed);
  console.log(`complements: ${[...complements].map(([complement, said]) => `${complement} "${said}"`).join(', ')}`);
  const dict = readFileSync(require.resolve('@node-rs/jieba/dict.txt'), 'utf8');
  const entries: string[] = [];
  const counts = new Map<string, number>();
  for (const line of dict.split('\n')) {
    const [word, count] = line.trim().split(' ');
    if (word && word.length <= 2) counts.set(word, Number(count));
  }
  for (const line of dict.split('\n')) {
    const [word, count, tag] = line.trim().split(' ');
    if (!word || !/^\p{Script=Han}{3,4}$/u.test(word) || Number(count) > MAX_COUNT || phrases.has(word)) continue;
    const degree = SKIPPED_TAGS.has(tag) && !NAME_TAGS.has(tag) ? undefined : degreeMeaning(word, phrases);
    const meaning = degree ?? (SKIPPED_TAGS.has(tag) ? undefined : (pairMeaning(word, phrases, complements) ?? tripleMeaning(word, phrases, counts)));
    if (meaning) entries.push(`${word}=${meaning}`);
  }
  for (const old of readdirSync(PHRASES_DIR).filter((name) => name.startsWith(OUTPUT_PREFIX))) rmSync(path.join(PHRASES_DIR, old));
  const header = '# Generated by scripts/build-compound-phrases.ts from the other lists: words jieba keeps whole but counts only a few times, said as the two listed words they are made of. Do not edit; edit the lists and run it again.';
  for (let part = 0; part * PART_LINES < entries.length; part++) {
    const name = `${OUTPUT_PREFIX}-${String.fromCharCode(97 + part)}.txt`;
    writeFileSync(path.join(PHRASES_DIR, name), `${header}\n${entries.slice(part * PART_LINES, (part + 1) * PART_LINES).join('\n')}\n`);
  }
  console.log(`${OUTPUT_PREFIX}-*.txt: ${entries.length} entries`);
}

main();
