import { convertHeading, convertTitle } from '@/server/convert/engine';

export { parseChineseNumber } from '@/server/convert/numbers';

type Names = Readonly<Record<string, string>>;

/**
 * A source chapter title in Vietnamese: "第12章 外门杂役" → "Chương 12: Ngoại Môn Tạp Dịch"
 * (第N回 Hồi, 第N节 Tiết, 卷N Quyển). Titles without a heading are converted as they are; an
 * empty one becomes "Chương N".
 */
export function convertChapterTitle(title: string, index: number, names?: Names): string {
  const heading = convertHeading(title, { names });
  if (heading) return heading;
  const converted = title.trim() ? convertTitle(title, { names }) : '';
  return converted || `Chương ${index}`;
}
