/**
 * Numbers that are not counts: a year (二零零八年 → "năm 2008"), a time of day (下午五点 →
 * "năm giờ", 十点半 → "mười giờ rưỡi"), a rank before a title (三长老 → "tam trưởng lão"), and
 * what comes next (下一局 → "ván tiếp theo").
 */
import { MEASURE_WORDS } from './measures';
import { vietnameseNumber } from './numbers';

export interface Said {
  length: number;
  text: string;
}

const YEAR_DIGITS: Readonly<Record<string, string>> = { 〇: '0', 零: '0', 一: '1', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8', 九: '9' };

/** 二零零八年 → "năm 2008": four digits said one by one before 年 are a year. */
export function yearAt(line: string, start: number): Said | undefined {
  if (line[start + 4] !== '年' || !(line[start] in YEAR_DIGITS)) return undefined;
  const digits = line.slice(start, start + 4);
  if (![...digits].every((digit) => digit in YEAR_DIGITS)) return undefined;
  return { length: 5, text: `năm ${[...digits].map((digit) => YEAR_DIGITS[digit]).join('')}` };
}

const TIMES_OF_DAY = ['上午', '下午', '晚上', '早上', '凌晨', '中午', '傍晚', '昨晚', '今晚', '明晚', '夜里', '清晨', '深夜', '半夜'];

/**
 * 点 after a number is the hour where a time of day comes before it or 钟, 半, 多 after it:
 * 下午五点 → "năm giờ", 十点半 → "mười giờ rưỡi", 十点多 → "hơn mười giờ". `end` is where 点 is.
 */
export function hourAt(line: string, start: number, end: number, value: number): Said | undefined {
  if (line[end] !== '点' || value < 1 || value > 24) return undefined;
  const after = line.charAt(end + 1);
  const daytime = TIMES_OF_DAY.some((word) => line.endsWith(word, start));
  if (!daytime && !'钟半多'.includes(after || '-')) return undefined;
  const hour = `${vietnameseNumber(value)} giờ`;
  if (after === '半') return { length: end + 2 - start, text: `${hour} rưỡi` };
  if (after === '多') return { length: end + 2 - start, text: `hơn ${hour}` };
  return { length: end + (after === '钟' ? 2 : 1) - start, text: hour };
}

const HAN_VIET_NUMERALS = ['', 'nhất', 'nhị', 'tam', 'tứ', 'ngũ', 'lục', 'thất', 'bát', 'cửu', 'thập'];
const RANK_TITLES = ['长老', '师兄', '师姐', '师弟', '师妹', '皇子', '公主', '王子', '少爷', '小姐', '当家', '叔', '伯', '哥', '姐', '弟', '妹', '爷', '婶', '舅', '姨'];

/** 三长老 → "tam" (trưởng lão follows): a numeral right before a title is a rank, in Hán-Việt. */
export function rankAt(line: string, start: number, value: number, end: number): Said | undefined {
  if (end !== start + 1 || value < 1 || value > 10 || line[start] === '两' || /[第\d一二三四五六七八九十]/.test(line.charAt(start - 1))) return undefined;
  return RANK_TITLES.some((title) => line.startsWith(title, end)) ? { length: 1, text: HAN_VIET_NUMERALS[value] } : undefined;
}

/** 下一局 → "ván tiếp theo", 下一秒 → "giây tiếp theo": 下一 and a measure word. */
export function nextAt(line: string, start: number): Said | undefined {
  if (line[start] !== '下' || line[start + 1] !== '一') return undefined;
  for (const length of [2, 1]) {
    const measure = line.slice(start + 2, start + 2 + length);
    if (measure.length === length && MEASURE_WORDS[measure] !== undefined && measure !== '个') return { length: 2 + length, text: `${MEASURE_WORDS[measure]} tiếp theo` };
  }
  return undefined;
}
