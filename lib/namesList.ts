/**
 * A reader's names list for an embedded story, in the dictionaries' line format `中文=Tên Việt`:
 * parsed and checked in the browser with a Vietnamese message per bad line, the same limits as the
 * server (PUT /api/embedding/names).
 */

export const NAME_ORIGINAL_MAX_CHARS = 30;
export const NAME_TRANSLATION_MAX_CHARS = 60;
export const MAX_NAMES_PER_READER = 500;

const HAN = /\p{Script=Han}/u;

export interface NamesListParse {
  names: Record<string, string>;
  /** One message per bad line, in line order, e.g. "Dòng 3: thiếu dấu “=”…". */
  errors: string[];
}

function lineProblem(original: string, translation: string | undefined): string | null {
  if (translation === undefined) return 'thiếu dấu “=” (mỗi dòng có dạng 中文=Tên Việt).';
  if (!original) return 'thiếu tên gốc chữ Hán trước dấu “=”.';
  if (!HAN.test(original)) return `tên gốc “${original}” phải có chữ Hán.`;
  if (original.includes('/')) return 'tên gốc không được chứa “/”.';
  if (original.length > NAME_ORIGINAL_MAX_CHARS) return `tên gốc dài quá ${NAME_ORIGINAL_MAX_CHARS} ký tự.`;
  if (!translation) return `thiếu tên tiếng Việt sau dấu “=”.`;
  if (translation.includes('=')) return 'chỉ được có một dấu “=” trên mỗi dòng.';
  if (translation.length > NAME_TRANSLATION_MAX_CHARS) return `tên tiếng Việt dài quá ${NAME_TRANSLATION_MAX_CHARS} ký tự.`;
  return null;
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
