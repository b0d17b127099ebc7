/**
 * A reader's names list for an embedded story, in the dictionaries' line format `中文=Tên Việt`:
 * parsed and checked in the browser with a Vietnamese message per bad line, the same limits and
 * checks as the server (PUT /api/embedding/names, proposals, name packs).
 */

export const NAME_ORIGINAL_MAX_CHARS = 30;
export const NAME_TRANSLATION_MAX_CHARS = 60;
export const MAX_NAMES_PER_READER = 500;
/** Entries a story's shared list holds at most (proposals beyond it wait for an operator). */
export const MAX_SHARED_NAMES_PER_STORY = 5_000;

const HAN = /\p{Script=Han}/u;
/** Control and invisible format characters (line breaks, tabs, direction overrides, zero-width marks). */
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const MARKUP = /[<>]/;

export interface NamesListParse {
  names: Record<string, string>;
  /** One message per bad line, in line order, e.g. "Dòng 3: thiếu dấu “=”…". */
  errors: string[];
}

/** What is wrong with the Chinese side of an entry, in Vietnamese, or null. */
export function originalProblem(original: string): string | null {
  if (!original) return 'thiếu tên gốc chữ Hán trước dấu “=”.';
  if (CONTROL.test(original)) return 'tên gốc chứa ký tự điều khiển hoặc xuống dòng.';
  if (!HAN.test(original)) return `tên gốc “${original}” phải có chữ Hán.`;
  if (original.includes('/')) return 'tên gốc không được chứa “/”.';
  if (original.includes('=')) return 'tên gốc không được chứa “=”.';
  if (MARKUP.test(original)) return 'tên gốc không được chứa “<” hay “>”.';
  if (original.length > NAME_ORIGINAL_MAX_CHARS) return `tên gốc dài quá ${NAME_ORIGINAL_MAX_CHARS} ký tự.`;
  return null;
}

/**
 * What is wrong with the Vietnamese side of an entry, or null. "/" and "|" separate meanings in
 * QuickTranslator's files, so a name holding one would not read back from a name pack.
 */
export function translationProblem(translation: string): string | null {
  if (!translation) return 'thiếu tên tiếng Việt sau dấu “=”.';
  if (translation.includes('=')) return 'chỉ được có một dấu “=” trên mỗi dòng.';
  if (CONTROL.test(translation)) return 'tên tiếng Việt chứa ký tự điều khiển hoặc xuống dòng.';
  if (MARKUP.test(translation)) return 'tên tiếng Việt không được chứa “<” hay “>”.';
  if (/[/|]/.test(translation)) return 'tên tiếng Việt không được chứa “/” hay “|”.';
  if (translation.length > NAME_TRANSLATION_MAX_CHARS) return `tên tiếng Việt dài quá ${NAME_TRANSLATION_MAX_CHARS} ký tự.`;
  return null;
}

/** The first problem of an entry (both sides trimmed), or null when it may be saved. */
export function nameProblem(original: string, translation: string): string | null {
  return originalProblem(original) ?? translationProblem(translation);
}

function lineProblem(original: string, translation: string | undefined): string | null {
  if (translation === undefined) return 'thiếu dấu “=” (mỗi dòng có dạng 中文=Tên Việt).';
  return nameProblem(original, translation);
}

/** Reads the lines of the editor; blank lines are skipped. */
export function parseNamesList(text: string): NamesListParse {
  const names: Record<string, string> = {};
  const firstLine = new Map<string, number>();
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const at = line.indexOf('=');
    const original = (at < 0 ? line : line.slice(0, at)).trim();
    const translation = at < 0 ? undefined : line.slice(at + 1).trim();
    const problem = lineProblem(original, translation);
    const earlier = firstLine.get(original);
    if (problem) errors.push(`Dòng ${i + 1}: ${problem}`);
    else if (earlier !== undefined) errors.push(`Dòng ${i + 1}: “${original}” đã có ở dòng ${earlier}.`);
    else {
      firstLine.set(original, i + 1);
      names[original] = translation!;
    }
  });
  const count = Object.keys(names).length;
  if (count > MAX_NAMES_PER_READER) errors.push(`Tối đa ${MAX_NAMES_PER_READER} tên cho mỗi truyện (đang có ${count}).`);
  return { names, errors };
}

/** The editor's text for a saved list, one `中文=Tên Việt` a line. */
export function formatNamesList(names: Record<string, string>): string {
  return Object.entries(names)
    .map(([original, translation]) => `${original}=${translation}`)
    .join('\n');
}
