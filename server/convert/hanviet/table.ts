import { readFileSync } from 'node:fs';
import type { GeneratedHanViet } from './build';
import { processCached } from '../processCache';
import { HANVIET_GENERATE_COMMAND, HANVIET_GENERATED_PATH } from './paths';

/**
 * The generator's format and data version (2: readings derived from the Guangyun, variants and
 * phonetic series). The committed table must carry it: a change here means regenerating it.
 */
export const HANVIET_TABLE_VERSION = 2;

export interface LoadedHanViet {
  /** Character → readings, the default first. */
  readings: ReadonlyMap<string, readonly string[]>;
  traditionalOnly: ReadonlySet<string>;
  simplifiedOnly: ReadonlySet<string>;
}

const Y_FOR_I: Readonly<Record<string, string>> = { i: 'y', ì: 'ỳ', í: 'ý', ỉ: 'ỷ', ĩ: 'ỹ', ị: 'ỵ' };

/**
 * Unihan spells a final lone i as the 1980 reform did (lí, kì, mĩ, quí); names and converted
 * novels keep y (Lý, Kỳ, Mỹ, quý), and so does this table after k, l, m and qu.
 */
export function withFinalY(syllable: string): string {
  return syllable.replace(/^(k|l|m|qu)([iìíỉĩị])$/u, (_, initial: string, vowel: string) => initial + Y_FOR_I[vowel]);
}

/**
 * Reads a generated table (committed with the code). A table of another format version is an
 * error that names the command to regenerate it: nothing is generated at run time.
 */
export function loadHanViet(generatedPath: string): LoadedHanViet {
  const parsed = JSON.parse(readFileSync(generatedPath, 'utf8')) as Partial<GeneratedHanViet>;
  if (!parsed.readings || typeof parsed.traditionalOnly !== 'string' || parsed.version !== HANVIET_TABLE_VERSION) {
    throw new Error(`${generatedPath} is not a version ${HANVIET_TABLE_VERSION} Hán-Việt table: run \`${HANVIET_GENERATE_COMMAND}\` and commit it`);
  }
  const readings = new Map<string, readonly string[]>();
  for (const [character, joined] of Object.entries(parsed.readings ?? {})) readings.set(character, joined.split(' ').map(withFinalY));
  return {
    readings,
    traditionalOnly: new Set(parsed.traditionalOnly ?? ''),
    simplifiedOnly: new Set(parsed.simplifiedOnly ?? ''),
  };
}

/** Character → default reading of a generated table file. */
export function loadHanVietTable(generatedPath: string): Map<string, string> {
  return new Map([...loadHanViet(generatedPath).readings].map(([character, readings]) => [character, readings[0]]));
}

export function hanViet(): LoadedHanViet {
  return processCached('hanViet', () => loadHanViet(HANVIET_GENERATED_PATH));
}

/** Character → readings, loaded once per process. */
export function hanVietTable(): ReadonlyMap<string, readonly string[]> {
  return hanViet().readings;
}

/** The default Hán-Việt reading of one character (a full code point), if known. */
export function hanVietReading(character: string): string | undefined {
  return hanViet().readings.get(character)?.[0];
}

/** Every known reading of one character, the default first. */
export function hanVietReadings(character: string): readonly string[] {
  return hanViet().readings.get(character) ?? [];
}
