import { convertTitle } from '@/server/convert/engine';

type Names = Readonly<Record<string, string>>;

const DIGITS: Readonly<Record<string, number>> = {
  零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9,
};
const UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };

/** "12", "１２", "十二", "一百零五", "两千" → the number; null when the text is not a number. */
export function parseChineseNumber(text: string): number | null {
  const ascii = text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  if (/^\d+$/.test(ascii)) return Number(ascii);
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  for (const char of text) {
    if (char in DIGITS) digit = DIGITS[char];
    else if (char in UNITS) {
      section += (digit ?? 1) * UNITS[char];
      digit = null;
    } else if (char === '万') {
      total += (section + (digit ?? 0)) * 10_000;
      section = 0;
      digit = null;
    } else return null;
  }
  const value = total + section + (digit ?? 0);
  return text.length > 0 ? value : null;
}

const CHAPTER_HEADING = /^\s*第\s*([0-9０-９零〇一二两三四五六七八九十百千万]+)\s*[章节回]\s*[:：、.．\-—]?\s*(.*)$/;

/**
 * A source chapter title in Vietnamese: "第12章 外门杂役" → "Chương 12: Ngoại Môn Tạp Dịch".
 * Titles without the 第N章 heading are converted as they are; an empty one becomes "Chương N".
 */
export function convertChapterTitle(title: string, index: number, names?: Names): string {
  const heading = title.match(CHAPTER_HEADING);
  const number = heading ? parseChineseNumber(heading[1]) : null;
  if (heading && number !== null) {
    const rest = heading[2].trim();
    return rest ? `Chương ${number}: ${convertTitle(rest, { names })}` : `Chương ${number}`;
  }
  const converted = title.trim() ? convertTitle(title, { names }) : '';
  return converted || `Chương ${index}`;
}
