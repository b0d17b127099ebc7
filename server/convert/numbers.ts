/**
 * Chinese numerals: parsing (一百二十三, 两千零五, 三万五千, 12) and Vietnamese number words
 * (một trăm hai mươi ba). Chapter headings use digits; numbers in prose are read as words, with
 * vạn and ức for 万 and 亿 as converted novels write them.
 */
const DIGITS: Readonly<Record<string, number>> = {
  零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9,
};
const SMALL_UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };
const LARGE_UNITS: Readonly<Record<string, number>> = { 万: 10_000, 亿: 100_000_000 };

export const NUMERAL_CHARACTERS = '零〇一二两三四五六七八九十百千万亿';

export function isNumeral(character: string): boolean {
  return NUMERAL_CHARACTERS.includes(character);
}

/** "12", "１２", "十二", "一百零五", "两千", "三万五千", "一百四" (140), "二零二四" → the number; null otherwise. */
export function parseChineseNumber(text: string): number | null {
  const ascii = text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  if (/^\d+$/.test(ascii)) return Number(ascii);
  if (text.length === 0) return null;
  if ([...text].every((char) => char in DIGITS) && text.length > 1 && !text.startsWith('两')) {
    return Number([...text].map((char) => DIGITS[char]).join(''));
  }
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  // The unit said last, 0 once 零 follows it: 一百四 is 140, 一百零四 is 104.
  let lastUnit = 0;
  for (const char of text) {
    if (char in DIGITS) {
      digit = DIGITS[char];
      if (digit === 0) lastUnit = 0;
    } else if (char in SMALL_UNITS) {
      section += (digit ?? 1) * SMALL_UNITS[char];
      digit = null;
      lastUnit = SMALL_UNITS[char];
    } else if (char in LARGE_UNITS) {
      total = (total + section + (digit ?? 0)) * LARGE_UNITS[char];
      section = 0;
      digit = null;
      lastUnit = LARGE_UNITS[char];
    } else return null;
  }
  // 一千二, 三万五: a last digit right after 百, 千 or 万 counts the next unit down.
  const last = digit !== null && lastUnit >= 100 ? digit * (lastUnit / 10) : (digit ?? 0);
  return total + section + last;
}

const ONES = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'];

/** 0–999 in Vietnamese, as converted novels write them; `inner` marks a group after a higher one (105 → "một trăm linh năm", 24 → "hai mươi bốn"). */
function belowThousand(value: number, inner: boolean): string {
  const hundreds = Math.floor(value / 100);
  const tens = Math.floor((value % 100) / 10);
  const ones = value % 10;
  const words: string[] = [];
  if (hundreds > 0 || inner) words.push(ONES[hundreds], 'trăm');
  if (tens === 0) {
    if (ones > 0 && words.length > 0) words.push('linh');
  } else if (tens === 1) {
    words.push('mười');
  } else {
    words.push(ONES[tens], 'mươi');
  }
  if (ones > 0) {
    if (ones === 5 && tens > 0) words.push('lăm');
    else if (ones === 1 && tens > 1) words.push('mốt');
    else words.push(ONES[ones]);
  }
  return words.join(' ');
}

const GROUPS: readonly [number, string][] = [
  [100_000_000, 'ức'],
  [10_000, 'vạn'],
  [1_000, 'ngàn'],
];

/** 15 → "mười lăm", 123 → "một trăm hai mươi ba", 35000 → "ba vạn năm ngàn", 0 → "không". */
export function vietnameseNumber(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) return String(value);
  if (value === 0) return 'không';
  const words: string[] = [];
  let rest = value;
  let started = false;
  for (const [size, name] of GROUPS) {
    if (rest >= size) {
      words.push(vietnameseNumber(Math.floor(rest / size)), name);
      rest %= size;
      started = true;
    }
  }
  if (rest > 0) words.push(belowThousand(rest, started && rest < 100));
  return words.join(' ');
}

/** 第一 → "thứ nhất", 第四 → "thứ tư", 第N → "thứ " + N in words. */
export function vietnameseOrdinal(value: number): string {
  if (value === 1) return 'thứ nhất';
  if (value === 4) return 'thứ tư';
  return `thứ ${vietnameseNumber(value)}`;
}
