import { ImportError } from './errors';

/**
 * Byte offset of the first byte that does not start or continue a valid UTF-8 sequence
 * (overlong forms, surrogates and code points above U+10FFFF are invalid), or -1 when all are valid.
 */
export function findInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    let length: number;
    let min: number;
    if (lead >= 0xc2 && lead <= 0xdf) [length, min] = [2, 0x80];
    else if (lead >= 0xe0 && lead <= 0xef) [length, min] = [3, 0x800];
    else if (lead >= 0xf0 && lead <= 0xf4) [length, min] = [4, 0x10000];
    else return i;
    let codePoint = lead & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    if (codePoint < min || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return i;
    i += length;
  }
  return -1;
}

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/**
 * Decodes UTF-8 strictly and returns text with the BOM removed, line ends as '\n' and
 * Vietnamese letters composed (NFC), so headings and keys match however the file was typed.
 */
export function decodeUtf8(bytes: Uint8Array, source: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const offset = findInvalidUtf8(bytes);
    const where = offset >= 0 ? `byte ${offset} (dòng ${lineAt(bytes, offset)})` : 'cuối tệp';
    throw new ImportError(`${source}: không phải UTF-8 hợp lệ tại ${where}; hãy lưu tệp với mã hóa UTF-8`);
  }
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .normalize('NFC');
}

/** One paragraph per non-blank line: spaces tidied, blank lines dropped, joined by '\n'. */
export function toParagraphs(lines: readonly string[]): string {
  return lines
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

/** Words as a Vietnamese reader counts them: space-separated syllables. */
export function countWords(content: string): number {
  const trimmed = content.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}
