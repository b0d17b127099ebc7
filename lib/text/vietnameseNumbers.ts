/**
 * Numbers read as Vietnamese words, for text-to-speech: 21 → "hai mươi mốt",
 * 105 → "một trăm lẻ năm", 2024 → "hai nghìn không trăm hai mươi tư", "3,5" → "ba phẩy năm".
 * Strings follow Vietnamese notation: a dot groups thousands ("1.000.000") and a comma marks
 * decimals ("3,5"); a lone dot that cannot be a thousands group ("3.5") is read as a decimal point.
 */

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;

/** Scale words of the groups of three digits below a billion; above it the words repeat ("nghìn tỷ"). */
const GROUP_SCALES = ['', 'nghìn', 'triệu'] as const;

const VIETNAMESE_GROUPED = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const VIETNAMESE_PLAIN = /^\d+(?:,\d+)?$/;
const DOT_DECIMAL = /^\d+\.\d+$/;

export function digitToVietnamese(digit: number): string {
  const word = DIGITS[digit];
  if (word === undefined) throw new RangeError(`Not a digit: ${digit}`);
  return word;
}

/** Reads a digit string one digit at a time: "0912" → "không chín một hai". */
export function digitsToVietnamese(digits: string): string {
  return Array.from(digits, (char) => digitToVietnamese(Number(char))).join(' ');
}

/**
 * Reads three digits (0–999). `full` is set when a higher group precedes, so that the hundreds
 * and the "lẻ" of an empty tens place are spoken: 1001 → "một nghìn không trăm lẻ một".
 */
function readTriple(value: number, full: boolean): string {
  const hundreds = Math.floor(value / 100);
  const tens = Math.floor(value / 10) % 10;
  const units = value % 10;
  const words: string[] = [];

  if (hundreds > 0 || full) words.push(DIGITS[hundreds], 'trăm');

  if (tens === 0) {
    if (units > 0) {
      if (words.length > 0) words.push('lẻ');
      words.push(DIGITS[units]);
    }
  } else if (tens === 1) {
    words.push('mười');
    if (units === 5) words.push('lăm');
    else if (units > 0) words.push(DIGITS[units]);
  } else {
    words.push(DIGITS[tens], 'mươi');
    if (units === 1) words.push('mốt');
    else if (units === 4) words.push('tư');
    else if (units === 5) words.push('lăm');
    else if (units > 0) words.push(DIGITS[units]);
  }
  return words.join(' ');
}

/** Reads a number below a billion given as at most nine digits. */
function readBelowBillion(digits: string, full: boolean): string {
  const padded = digits.padStart(9, '0');
  const words: string[] = [];
  let started = full;
  for (let group = 0; group < 3; group += 1) {
    const value = Number(padded.slice(group * 3, group * 3 + 3));
    if (value === 0) continue;
    words.push(readTriple(value, started));
    const scale = GROUP_SCALES[2 - group];
    if (scale) words.push(scale);
    started = true;
  }
  return words.join(' ');
}

/**
 * Reads a non-negative integer given as a digit string. Beyond a billion the scale words
 * compound: 10^12 "nghìn tỷ", 10^18 "tỷ tỷ".
 */
function readInteger(digits: string, full = false): string {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  if (/^0+$/.test(trimmed)) return full ? '' : DIGITS[0];
  if (trimmed.length <= 9) return readBelowBillion(trimmed, full);

  const billions = trimmed.slice(0, -9);
  const rest = trimmed.slice(-9);
  const head = `${readInteger(billions, full)} tỷ`;
  if (/^0+$/.test(rest)) return head;
  return `${head} ${readBelowBillion(rest, true)}`;
}

/**
 * Reads the digits after the decimal comma. Short parts without a leading zero read as a number
 * (3,25 → "ba phẩy hai mươi lăm"), as people say them; others digit by digit (3,05, 3,14159).
 */
function readFraction(digits: string): string {
  if (digits.length <= 2 && !digits.startsWith('0')) return readInteger(digits);
  return digitsToVietnamese(digits);
}

interface ParsedNumber {
  negative: boolean;
  integer: string;
  fraction: string;
}

function parseNumberString(input: string): ParsedNumber {
  const compact = input.trim().replace(/\s+/g, '');
  const sign = compact.match(/^[-+−]/)?.[0];
  const body = sign ? compact.slice(1) : compact;
  const negative = sign === '-' || sign === '−';

  if (VIETNAMESE_GROUPED.test(body) || VIETNAMESE_PLAIN.test(body)) {
    const [integer, fraction = ''] = body.split(',');
    return { negative, integer: integer.replace(/\./g, ''), fraction };
  }
  if (DOT_DECIMAL.test(body)) {
    const [integer, fraction] = body.split('.');
    return { negative, integer, fraction };
  }
  throw new RangeError(`Not a number: "${input}"`);
}

function parseNumber(n: number): ParsedNumber {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite number: ${n}`);
  const negative = n < 0;
  const magnitude = Math.abs(n);
  if (Number.isInteger(magnitude)) {
    return { negative, integer: BigInt(magnitude).toString(), fraction: '' };
  }
  // toFixed avoids exponent notation for tiny values; 20 places are more than a double holds.
  const text = /e/i.test(String(magnitude)) ? magnitude.toFixed(20) : String(magnitude);
  const [integer, fraction = ''] = text.split('.');
  return { negative, integer, fraction: fraction.replace(/0+$/, '') };
}

export function numberToVietnamese(n: number | bigint | string): string {
  let parsed: ParsedNumber;
  if (typeof n === 'bigint') {
    parsed = { negative: n < BigInt(0), integer: (n < BigInt(0) ? -n : n).toString(), fraction: '' };
  } else if (typeof n === 'number') {
    parsed = parseNumber(n);
  } else {
    parsed = parseNumberString(n);
  }

  const words = [readInteger(parsed.integer)];
  const fraction = parsed.fraction.replace(/0+$/, '');
  if (fraction) words.push('phẩy', readFraction(fraction));
  const isZero = /^0*$/.test(parsed.integer) && !fraction;
  if (parsed.negative && !isZero) words.unshift('âm');
  return words.join(' ');
}
