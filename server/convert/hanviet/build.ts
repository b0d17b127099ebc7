import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HANVIET_GENERATED_PATH, HANVIET_SUPPLEMENT_PATH } from './paths';
import { rankHanVietReadings } from './rank';
import { normalizeSyllable } from './syllable';
import { readUnihanReadings, type UnihanReadingRow } from './unihan';

/** Character → readings, the one used by default first. */
export type HanVietTable = Map<string, string[]>;

/** What the generator writes: readings plus the script sets used to detect traditional text. */
export interface GeneratedHanViet {
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

/**
 * Builds the character → Hán-Việt table: curated readings first, then Unihan's kVietnamese
 * readings ranked so that the Hán-Việt reading comes before Nôm ones, else (repeatedly, so
 * chains of variants resolve) the readings of a simplified or traditional variant, ranked
 * against the character's own Mandarin reading.
 */
export function buildHanVietTable(rows: readonly UnihanReadingRow[], supplement: Map<string, string[]>): HanVietTable {
  const table: HanVietTable = new Map();
  const mandarinOf = new Map(rows.map((row) => [row.character, row.mandarin ?? []]));
  for (const row of rows) {
    const readings = unique(row.readings.map(normalizeSyllable).filter(Boolean));
    if (readings.length > 0) table.set(row.character, rankHanVietReadings(readings, row.mandarin ?? []));
  }
  for (const [character, readings] of supplement) {
    table.set(character, unique([...readings, ...(table.get(character) ?? [])]));
  }

  let pending = rows.filter((row) => !table.has(row.character) && row.variants.length > 0);
  while (pending.length > 0) {
    const unresolved: UnihanReadingRow[] = [];
    const resolved: [string, string[]][] = [];
    for (const row of pending) {
      const readings = row.variants.map((variant) => table.get(variant)).find((found) => found && found.length > 0);
      if (readings) resolved.push([row.character, rankHanVietReadings(readings, mandarinOf.get(row.character) ?? [])]);
      else unresolved.push(row);
    }
    if (resolved.length === 0) break;
    for (const [character, readings] of resolved) table.set(character, readings);
    pending = unresolved;
  }
  return table;
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
    readings: Object.fromEntries(sorted.map(([character, readings]) => [character, readings.join(' ')])),
    traditionalOnly: sets.traditionalOnly.sort(byCodePoint).join(''),
    simplifiedOnly: sets.simplifiedOnly.sort(byCodePoint).join(''),
  };
  return `${JSON.stringify(generated)}\n`;
}

/** Reads Unihan and the supplement and writes the generated table atomically. */
export async function generateHanVietFile(outputPath = HANVIET_GENERATED_PATH): Promise<{ path: string; count: number }> {
  const supplement = parseSupplement(readFileSync(HANVIET_SUPPLEMENT_PATH, 'utf8'));
  const rows = await readUnihanReadings();
  const table = buildHanVietTable(rows, supplement);
  mkdirSync(path.dirname(outputPath), { recursive: true });
  const temporary = `${outputPath}.${process.pid}.tmp`;
  writeFileSync(temporary, serializeHanVietTable(table, rows));
  renameSync(temporary, outputPath);
  return { path: outputPath, count: table.size };
}
