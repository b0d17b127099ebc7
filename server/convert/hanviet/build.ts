import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HANVIET_GENERATED_PATH, HANVIET_SUPPLEMENT_PATH } from './paths';
import { normalizeSyllable } from './syllable';
import { readUnihanReadings, type UnihanReadingRow } from './unihan';

/** Parses the curated supplement: whitespace-separated `字=reading` pairs, `#` starts a comment line. */
export function parseSupplement(text: string): Map<string, string> {
  const readings = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    if (line.trimStart().startsWith('#')) continue;
    for (const pair of line.split(/\s+/)) {
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const reading = pair.slice(separator + 1).trim();
      if (reading) readings.set(pair.slice(0, separator), normalizeSyllable(reading));
    }
  }
  return readings;
}

/**
 * Builds the character → Hán-Việt table: a curated reading first, else Unihan's first
 * kVietnamese reading, else (repeatedly, so chains of variants resolve) the reading of a
 * simplified or traditional variant.
 */
export function buildHanVietTable(rows: UnihanReadingRow[], supplement: Map<string, string>): Map<string, string> {
  const table = new Map<string, string>();
  for (const row of rows) {
    const first = row.readings[0];
    if (first) table.set(row.character, normalizeSyllable(first));
  }
  for (const [character, reading] of supplement) table.set(character, reading);

  let pending = rows.filter((row) => !table.has(row.character) && row.variants.length > 0);
  while (pending.length > 0) {
    const unresolved: UnihanReadingRow[] = [];
    const resolved: [string, string][] = [];
    for (const row of pending) {
      const reading = row.variants.map((variant) => table.get(variant)).find(Boolean);
      if (reading) resolved.push([row.character, reading]);
      else unresolved.push(row);
    }
    if (resolved.length === 0) break;
    for (const [character, reading] of resolved) table.set(character, reading);
    pending = unresolved;
  }
  return table;
}

/** Serialises in code-point order so that rebuilding from the same inputs gives the same bytes. */
export function serializeHanVietTable(table: Map<string, string>): string {
  const sorted = [...table].sort(([a], [b]) => a.codePointAt(0)! - b.codePointAt(0)!);
  return `${JSON.stringify(Object.fromEntries(sorted))}\n`;
}

/** Reads Unihan and the supplement and writes the generated table atomically. */
export async function generateHanVietFile(outputPath = HANVIET_GENERATED_PATH): Promise<{ path: string; count: number }> {
  const supplement = parseSupplement(readFileSync(HANVIET_SUPPLEMENT_PATH, 'utf8'));
  const table = buildHanVietTable(await readUnihanReadings(), supplement);
  mkdirSync(path.dirname(outputPath), { recursive: true });
  const temporary = `${outputPath}.${process.pid}.tmp`;
  writeFileSync(temporary, serializeHanVietTable(table));
  renameSync(temporary, outputPath);
  return { path: outputPath, count: table.size };
}
