import type { FileReport } from './read';
import { utf8Bytes } from './read';

/**
 * QuickTranslator's LuatNhan ("multiplication rules"): `在{0}上=trên {0}` matches 在, then a
 * Pronoun, Name or VietPhrase entry, then 上, and writes "trên" with that entry's meaning.
 */
export interface LuatNhanRule {
  /** The literal pieces around the holes: 在{0}上 → ['在', '上']. */
  pieces: string[];
  meaning: string;
}

export interface LuatNhanRules {
  /** Rules by the first character of their first piece (rules that start with a hole: ''). */
  byFirst: Map<string, LuatNhanRule[]>;
  size: number;
}

const HOLE = '{0}';

/** Parses LuatNhan.txt; a line without "=" or without {0} in its key is skipped and counted. */
export function readLuatNhan(raw: Buffer, file: string): { rules: LuatNhanRules; report: FileReport } {
  const rules: LuatNhanRules = { byFirst: new Map(), size: 0 };
  const report: FileReport = { file, entries: 0, duplicates: 0, skipped: 0 };
  const seen = new Set<string>();
  utf8Bytes(raw)
    .toString('utf8')
    .split('\n')
    .forEach((rawLine, index) => {
      const line = rawLine.trim();
      if (!line) return;
      const separator = line.indexOf('=');
      const key = separator > 0 ? line.slice(0, separator).trim() : '';
      if (!key.includes(HOLE)) {
        report.skipped++;
        report.firstSkipped ??= `${file}:${index + 1}`;
        return;
      }
      if (seen.has(key)) {
        report.duplicates++;
        return;
      }
      seen.add(key);
      const meaning = line.slice(separator + 1).split(/[/|]/)[0].trim();
      const rule: LuatNhanRule = { pieces: key.split(HOLE), meaning };
      const first = rule.pieces[0].charAt(0);
      rules.byFirst.set(first, [...(rules.byFirst.get(first) ?? []), rule]);
      rules.size++;
      report.entries++;
    });
  return { rules, report };
}

/** What may fill a hole: the lengths of entries at a position (longest first) and their meanings. */
export interface HoleFiller {
  lengthsAt(text: string, start: number): number[];
  meaning(key: string): string;
}

function matchFrom(text: string, position: number, pieces: readonly string[], index: number, filler: HoleFiller, fills: string[]): number {
  if (!text.startsWith(pieces[index], position)) return -1;
  const afterPiece = position + pieces[index].length;
  if (index === pieces.length - 1) return afterPiece;
  for (const length of filler.lengthsAt(text, afterPiece)) {
    const end = matchFrom(text, afterPiece + length, pieces, index + 1, filler, fills);
    if (end >= 0) {
      fills.unshift(filler.meaning(text.slice(afterPiece, afterPiece + length)));
      return end;
    }
  }
  return -1;
}

/**
 * The longest LuatNhan match at `start`: its length and its meaning with every {0} replaced by
 * the meaning of what filled it (longest fills tried first).
 */
export function matchLuatNhan(text: string, start: number, rules: LuatNhanRules, filler: HoleFiller): { length: number; text: string } | undefined {
  let best: { length: number; text: string } | undefined;
  for (const rule of [...(rules.byFirst.get(text.charAt(start)) ?? []), ...(rules.byFirst.get('') ?? [])]) {
    const fills: string[] = [];
    const end = matchFrom(text, start, rule.pieces, 0, filler, fills);
    if (end < 0 || (best && end - start <= best.length)) continue;
    let output = rule.meaning;
    for (const fill of fills) output = output.replace(HOLE, () => fill);
    best = { length: end - start, text: output.replace(/\s+/g, ' ').trim() };
  }
  return best;
}
