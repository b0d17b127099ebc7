import { parseChineseNumber } from './numbers';

/** Heading kinds in Vietnamese: 第N章 Chương, 第N回 Hồi, 第N节 Tiết, 第N卷 / 卷N Quyển, 第N部 Phần, 第N集 Tập. */
const KINDS: Readonly<Record<string, string>> = {
  章: 'Chương',
  回: 'Hồi',
  节: 'Tiết',
  節: 'Tiết',
  卷: 'Quyển',
  部: 'Phần',
  集: 'Tập',
};

const NUMBER = '[0-9０-９零〇一二两兩三四五六七八九十百千万萬]+';
const ORDINAL_HEADING = new RegExp(`^第\\s*(${NUMBER})\\s*([章回节節卷部集])`);
const VOLUME_HEADING = new RegExp(`^卷\\s*(${NUMBER})(?![章回节節])`);
const SEPARATOR = /^\s*[:：、.．\-—_·]?\s*/;

export interface Heading {
  /** "Chương 12", or "Quyển 1 - Chương 3" for a volume and a chapter on one line. */
  label: string;
  /** The line after the heading (the title), possibly empty. */
  rest: string;
}

function matchOne(text: string): { label: string; length: number } | undefined {
  const match = ORDINAL_HEADING.exec(text) ?? VOLUME_HEADING.exec(text);
  if (!match) return undefined;
  const number = parseChineseNumber(match[1].replace(/兩/g, '两').replace(/萬/g, '万'));
  if (number === null) return undefined;
  const kind = match[2] ? KINDS[match[2]] : 'Quyển';
  return { label: `${kind} ${number}`, length: match[0].length };
}

/**
 * The heading at the start of a line ("第一百二十三章 天才", "第3回：…", "卷二 风起"), with
 * the title after it; undefined when the line does not start with one.
 */
export function parseHeading(line: string): Heading | undefined {
  let rest = line.trim();
  const labels: string[] = [];
  for (let found = matchOne(rest); found; found = matchOne(rest)) {
    labels.push(found.label);
    rest = rest.slice(found.length).replace(SEPARATOR, '');
  }
  if (labels.length === 0) return undefined;
  return { label: labels.join(' - '), rest: rest.trim() };
}
