/**
 * Benchmark and quality report of the Chinese → Vietnamese convert engine: speed of a
 * 10,000-character chapter with jieba segmentation (built-in list only, then with a 100,000-entry
 * synthetic VietPhrase; median of 20 runs, target < 20 ms); load time and memory of a generated
 * sangtacviet-scale VietPhrase (2,000,000 entries, about 77 MB); agreement with QuickTranslator's
 * algorithm on its stock files (support/convertAgreement.ts); the share of Han characters
 * converted by a phrase or name versus bare single-character Hán-Việt on prose written for this
 * purpose (held-out texts never used to tune the converter), and Hán-Việt coverage of the 5,000
 * most frequent characters with the agreement of the readings derived for it (support/hanVietCoverage.ts).
 * Run: npx tsx scripts/bench/convert.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { emptyDictionaries, parseDictionary, type ConvertDictionaries } from '@/server/convert/dictionary';
import { convertChinese, convertWithStats } from '@/server/convert/engine';
import { buildHanVietTable } from '@/server/convert/hanviet/build';
import { hanVietTable } from '@/server/convert/hanviet/table';
import { readGb2312Characters, readUnihanReadings } from '@/server/convert/hanviet/unihan';
import { createRng } from '../../server/db/seed/random';
import { qtAgreement } from './support/convertAgreement';
import { largeDictionaryLoad } from './support/convertLoad';
import { hanVietCoverage } from './support/hanVietCoverage';
import { realChapterAgreement } from './support/realChapterAgreement';
import { phraseCoverage } from './support/phraseCoverage';
import { runWhenMain } from './support/main';

const FIXTURES = path.join(process.cwd(), '__tests__', 'fixtures', 'convert');
const FIXTURE = path.join(FIXTURES, 'chapter.zh.txt');
/** Prose written for the quality figures: the first was read while the phrase list grew, the others never. */
const TUNING = path.join(FIXTURES, 'prose.zh.txt');
const HELD_OUT = path.join(FIXTURES, 'heldout.zh.txt');
const HELD_OUT_GENRES = path.join(FIXTURES, 'heldout-genres.zh.txt');
const TARGET_MS_PER_10K = 20;
const CHAPTER_CHARACTERS = 10_000;
const RUNS = 20;

/**
 * VietPhrase-like text of `count` lines: every 2–4 character sequence of the chapter (so that
 * phrases really match) topped up with random 2–6 character keys over the common characters.
 */
function syntheticVietPhrase(chapter: string, count: number, alphabet: string[]): string {
  // Seeded, so every run measures the same data.
  const next = createRng(count).next;
  const keys = new Set<string>();
  const han = chapter.replace(/[^\p{Script=Han}]/gu, '');
  for (let length = 2; length <= 4; length++) {
    for (let i = 0; i + length <= han.length && keys.size < count / 10; i += 1) keys.add(han.slice(i, i + length));
  }
  while (keys.size < count) {
    const length = 2 + Math.floor(next() * 5);
    let key = '';
    for (let i = 0; i < length; i++) key += alphabet[Math.floor(next() * alphabet.length)];
    keys.add(key);
  }
  let line = 0;
  return [...keys].map((key) => `${key}=nghĩa ${line++}/nghĩa khác`).join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeConversions(chapter: string, dictionaries: ConvertDictionaries): number {
  for (let i = 0; i < 10; i++) convertChinese(chapter, { dictionaries });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    convertChinese(chapter, { dictionaries });
    times.push(performance.now() - started);
  }
  return median(times);
}

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

async function coverage() {
  const [level1, level2, rows] = await Promise.all([readGb2312Characters(1), readGb2312Characters(2), readUnihanReadings()]);
  const unihanOnly = buildHanVietTable(rows, new Map());
  const share = (characters: string[], map: ReadonlyMap<string, unknown>) =>
    `${characters.filter((c) => map.has(c)).length}/${characters.length}`;
  return { level1, share, unihanOnly, level2 };
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1)} %`;

/** Shares of Han characters by how they were converted, with no operator dictionary. */
function quality(text: string): Record<string, string> {
  const { stats, tokens } = convertWithStats(text, { dictionaries: emptyDictionaries() });
  const han = stats.phrase + stats.name + stats.number + stats.dictionary + stats['hanviet-word'] + stats.hanviet + stats.unknown;
  const multi = tokens.filter((token) => token.kind === 'word' && token.han >= 2 && token.origin !== 'hanviet-word');
  const multiHan = multi.reduce((sum, token) => sum + (token.kind === 'word' ? token.han : 0), 0);
  return {
    han: String(han),
    phraseOrName: percent(stats.phrase + stats.name + stats.number + stats.dictionary, han),
    multiCharacterPhraseOrName: percent(multiHan, han),
    singleCharacterFallback: percent(stats.hanviet + stats.unknown, han),
    unread: String(stats.unknown),
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const prose = readFileSync(FIXTURE, 'utf8');
  const chapter = prose.repeat(Math.ceil(CHAPTER_CHARACTERS / prose.length)).slice(0, CHAPTER_CHARACTERS);
  const [table, tableMs] = timed(() => hanVietTable());
  const alphabet = readGb2312Characters(1).slice(0, 3_500);

  const builtInOnlyMs = timeConversions(chapter, emptyDictionaries());
  const [vietPhrase100k, load100kMs] = timed(() => parseDictionary(syntheticVietPhrase(prose, 100_000, alphabet)));
  const convertMs = timeConversions(chapter, { ...emptyDictionaries(), vietPhrase: vietPhrase100k });
  const large = await largeDictionaryLoad(alphabet);
  const agreement = await qtAgreement((stock) => round(timeConversions(chapter, stock)));
  const realChapters = await realChapterAgreement();

  const { level1, level2, share, unihanOnly } = await coverage();
  const hanViet = await hanVietCoverage(table);
  const heldOut = quality(readFileSync(HELD_OUT, 'utf8'));
  const heldOutGenres = quality(readFileSync(HELD_OUT_GENRES, 'utf8'));
  const tuning = quality(readFileSync(TUNING, 'utf8'));
  const chapterQuality = quality(prose);
  return {
    chapterCharacters: chapter.length,
    convertMedianMsBuiltInOnly: round(builtInOnlyMs),
    charactersPerSecond: Math.round((chapter.length / builtInOnlyMs) * 1000),
    convertMedianMs100k: round(convertMs),
    convertTargetMs: TARGET_MS_PER_10K,
    vietPhrase100kLoadMs: round(load100kMs),
    ...large,
    ...agreement,
    ...realChapters,
    hanVietTableSize: table.size,
    hanVietTableLoadMs: round(tableMs),
    ...hanViet,
    hanVietCoverageGb2312Level1: share(level1, table),
    hanVietCoverageUnihanOnlyLevel1: share(level1, unihanOnly),
    hanVietCoverageGb2312Level2: share(level2, table),
    ...phraseCoverage(),
    ...Object.fromEntries(Object.entries(heldOut).map(([key, value]) => [`heldOut_${key}`, value])),
    ...Object.fromEntries(Object.entries(heldOutGenres).map(([key, value]) => [`heldOutGenres_${key}`, value])),
    ...Object.fromEntries(Object.entries(tuning).map(([key, value]) => [`prose_${key}`, value])),
    ...Object.fromEntries(Object.entries(chapterQuality).map(([key, value]) => [`chapter_${key}`, value])),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

runWhenMain(module, run);
