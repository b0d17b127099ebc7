import * as OpenCC from 'opencc-js/t2cn';
import { hanViet } from './hanviet/table';

let toSimplified: ((text: string) => string) | undefined;

/**
 * Whether a text is written in traditional characters: it holds more characters that only
 * traditional text uses (說, 們, 麼) than characters that only simplified text uses (说, 们).
 * Characters valid in both (么, 著, 乾, 后) count for neither.
 */
export function isTraditional(text: string): boolean {
  const { traditionalOnly, simplifiedOnly } = hanViet();
  let traditional = 0;
  let simplified = 0;
  for (const character of text) {
    if (traditionalOnly.has(character)) traditional++;
    else if (simplifiedOnly.has(character)) simplified++;
  }
  return traditional > simplified;
}

/**
 * Traditional (Taiwan and Hong Kong forms included) → simplified with OpenCC's phrase tables,
 * only for traditional text: OpenCC also rewrites characters that simplified text uses as they
 * are (么 → 幺, 著 → 着 in 显著的著作), so simplified text is left alone.
 */
export function simplify(text: string): string {
  if (!isTraditional(text)) return text;
  toSimplified ??= OpenCC.Converter({ from: 'tw', to: 'cn' });
  return toSimplified(text);
}
