import { MEASURE_WORDS } from './measures';
import { isNumeral, parseChineseNumber, vietnameseNumber, vietnameseOrdinal } from './numbers';
import { hourAt, nextAt, rankAt, yearAt } from './timesAndRanks';

/**
 * Numbers with their measure words, as Vietnamese says them: 三个人 → "ba người", 第三天 →
 * "ngày thứ ba", 3.5万 → "3.5 vạn", 7岁 → "7 tuổi", 几两 → "mấy lượng", 二十千克 → "hai mươi kg".
 */

/** A unit after Arabic digits is said alone: 3.5万 → "3.5 vạn". */
const UNIT_WORDS: Readonly<Record<string, string>> = { 十: 'mươi', 百: 'trăm', 千: 'ngàn', 万: 'vạn', 亿: 'ức' };
/** 几 ("a few") before a unit: 几十 → "mấy chục". */
const FEW_UNITS: Readonly<Record<string, string>> = { 十: 'chục', 百: 'trăm', 千: 'ngàn', 万: 'vạn' };
/** A number never starts with these: 百花谷, 千山, 万物 are words, not 100, 1000, 10000. */
const NOT_A_START = new Set(['百', '千', '万', '亿']);

export interface Quantity {
  length: number;
  text: string;
}

function measureAt(line: string, start: number): string | undefined {
  for (const length of [3, 2, 1]) {
    const word = line.slice(start, start + length);
    if (word.length === length && MEASURE_WORDS[word] !== undefined) return word;
  }
  return undefined;
}

const isHanAt = (line: string, index: number) => /\p{Script=Han}/u.test(line.charAt(index));

/**
 * The measure word said after a number; 个 is "cái" before a noun as converters say it (一个念头
 * → "một cái ý niệm") but not before 人 (三个人 → "ba người").
 */
function classifier(line: string, measure: string, end: number): string {
  if (measure === '口') return mouthObjectAt(line, end) ?? MEASURE_WORDS[measure];
  return measure === '个' && isHanAt(line, end) && line.charAt(end) === '人' ? '' : MEASURE_WORDS[measure];
}

/**
 * 口 counts a mouthful (一口水 "một ngụm nước") and also things with a mouth or an edge: 一口棺材
 * "một cỗ quan tài", 一口井 "một cái giếng", 一口剑 "một thanh kiếm"; a size may come between (一口大锅).
 */
const MOUTH_OBJECTS: Readonly<Record<string, string>> = {
  棺: 'cỗ', 井: 'cái', 锅: 'cái', 缸: 'cái', 鼎: 'cái', 钟: 'cái', 箱: 'cái', 池: 'cái', 塘: 'cái', 剑: 'thanh', 刀: 'thanh',
};
const SIZES_BEFORE_OBJECT = new Set([...'大小古破黑铁石']);

function mouthObjectAt(line: string, end: number): string | undefined {
  const object = SIZES_BEFORE_OBJECT.has(line.charAt(end)) ? line.charAt(end + 1) : line.charAt(end);
  return MOUTH_OBJECTS[object];
}

const joinWords = (...words: string[]) => words.filter(Boolean).join(' ');

/** Ranks said with Hán-Việt numerals, as cultivation novels are read: 一阶 "nhất giai", 三品 "tam phẩm". */
const RANKS = new Set(['阶', '品']);
const HAN_VIET_NUMERALS = ['', 'nhất', 'nhị', 'tam', 'tứ', 'ngũ', 'lục', 'thất', 'bát', 'cửu', 'thập'];

/** 几 before a unit or a measure word: 几两 → "mấy lượng", 几十个 → "mấy chục cái"; 几乎 is no number. */
function fewAt(line: string, start: number): Quantity | undefined {
  let end = start + 1;
  const unit = FEW_UNITS[line.charAt(end)] ?? '';
  if (unit) end++;
  const measure = measureAt(line, end);
  if (!unit && !measure) return undefined;
  const said = measure ? classifier(line, measure, end + measure.length) : '';
  return { length: end + (measure?.length ?? 0) - start, text: joinWords('mấy', unit, said) };
}

/** 三五, 七八, 一两: two neighbouring numerals are "three or five", not 35 ("ba năm", "bảy tám"). */
function approximateNumber(digits: string): string | undefined {
  if (digits.length !== 2) return undefined;
  const [first, second] = [...digits].map((digit) => parseChineseNumber(digit === '两' ? '二' : digit));
  if (first === null || second === null || first < 1 || second > 9 || second <= first || second - first > 2) return undefined;
  return `${vietnameseNumber(first)} ${vietnameseNumber(second)}`;
}

/** 百分之二十 → "20%", 百分之百 → "100%". */
function percentAt(line: string, start: number): Quantity | undefined {
  let end = start + 3;
  while (end < line.length && isNumeral(line[end])) end++;
  const value = parseChineseNumber(line.slice(start + 3, end) === '百' ? '一百' : line.slice(start + 3, end));
  return value === null || end === start + 3 ? undefined : { length: end - start, text: `${value}%` };
}

/** 一千多分 → "hơn một ngàn phân", 两大袋 → "hai túi lớn": 多 or a size between a number and its measure word. */
function sizeOrMoreAt(line: string, end: number, spoken: string): { end: number; text: string } | undefined {
  const between = line.charAt(end);
  const measure = '多大小'.includes(between || '-') ? measureAt(line, end + 1) : undefined;
  if (!measure) return undefined;
  const said = classifier(line, measure, end + 1 + measure.length);
  const text = between === '多' ? joinWords('hơn', spoken, said) : joinWords(spoken, said, between === '大' ? 'lớn' : 'nhỏ');
  return { end: end + 1 + measure.length, text };
}

/** 一两天, 一两个: 两 after 一 and before a measure word is "one or two", not the weight tael (一两银子). */
function fewOrTwo(line: string, first: number, end: number): boolean {
  return end === first + 1 && line[first] === '一' && measureAt(line, end + 1) !== undefined;
}

/**
 * A number at `start`: a run of Chinese numerals (一百二十三, 三万五千, 两), optionally after 第
 * (an ordinal) and before a measure word; a measure word right after Arabic digits (7岁); 几
 * with a unit or measure word.
 */
export function quantityAt(line: string, start: number): Quantity | undefined {
  if (line.startsWith('百分之', start)) return percentAt(line, start);
  const special = yearAt(line, start) ?? nextAt(line, start);
  if (special) return special;
  // 好几箱 → "vài thùng"
  if (line[start] === '好' && line[start + 1] === '几') {
    const few = fewAt(line, start + 1);
    return few && { length: few.length + 1, text: few.text.replace(/^mấy/, 'vài') };
  }
  const afterDigit = /\d/.test(line.charAt(start - 1));
  if (line[start] === '几' && !afterDigit) return fewAt(line, start);
  const ordinal = line[start] === '第';
  const first = ordinal ? start + 1 : start;
  if (!afterDigit && NOT_A_START.has(line.charAt(first))) return undefined;
  let end = first;
  // 两 starts a number (两千, 两个) but after a numeral it is the weight tael: 二十两 → 20 lượng.
  // A measure word that starts with a numeral ends the number: 二十千克 → 20 kg, not 20,000.
  while (end < line.length && isNumeral(line[end]) && !(line[end] === '两' && end > first && !fewOrTwo(line, first, end)) && !(end > first && (measureAt(line, end)?.length ?? 0) > 1)) end++;
  const digits = line.slice(first, end);
  if (digits.length === 0) {
    const measure = afterDigit && !ordinal ? measureAt(line, start) : undefined;
    return measure ? { length: measure.length, text: classifier(line, measure, start + measure.length) } : undefined;
  }
  const unitAfterDigits = !ordinal && afterDigit && UNIT_WORDS[digits] !== undefined;
  const value = parseChineseNumber(digits);
  if (value === null) return undefined;
  const approximate = !ordinal && approximateNumber(digits);
  let spoken = approximate || (unitAfterDigits ? UNIT_WORDS[digits] : ordinal ? vietnameseOrdinal(value) : vietnameseNumber(value));
  // 十几个, 二十几岁: a unit and 几 are "some tens", "mười mấy".
  if (!ordinal && line[end] === '几' && '十百千万'.includes(digits.slice(-1))) {
    spoken += ' mấy';
    end++;
  }
  const timeOrRank = ordinal || afterDigit ? undefined : (hourAt(line, start, end, value) ?? rankAt(line, start, value, end));
  if (timeOrRank) return timeOrRank;
  const sizeOrMore = ordinal ? undefined : sizeOrMoreAt(line, end, spoken);
  if (sizeOrMore) return { length: sizeOrMore.end - start, text: sizeOrMore.text };
  const measure = measureAt(line, end);
  if (!measure) return { length: end - start, text: spoken };
  const length = end + measure.length - start;
  if (!ordinal && !afterDigit && RANKS.has(measure) && value >= 1 && value <= 10) return { length, text: `${HAN_VIET_NUMERALS[value]} ${MEASURE_WORDS[measure]}` };
  const said = classifier(line, measure, start + length);
  return { length, text: ordinal ? joinWords(said, spoken) : joinWords(spoken, said) };
}

/**
 * Measure words that alone read as something else: 把 the object marker "đem", 只 "chỉ" (only),
 * 条 "điều", 张 "trương"; after 这 or 那 they are said as measure words. Others keep the reading
 * converters give them (那辆车 "kia lượng xe").
 */
const MISREAD_MEASURES = new Set([...'把只条张']);

/** 那把剑 → "kia thanh kiếm", 这只猫 → "này con mèo": a demonstrative and a measure word that alone would be misread. */
export function demonstrativeMeasureAt(line: string, start: number): Quantity | undefined {
  const demonstrative = line[start] === '这' ? 'này' : line[start] === '那' ? 'kia' : undefined;
  const measure = line.charAt(start + 1);
  if (!demonstrative || !MISREAD_MEASURES.has(measure) || !isHanAt(line, start + 2)) return undefined;
  return { length: 2, text: `${demonstrative} ${MEASURE_WORDS[measure]}` };
}
