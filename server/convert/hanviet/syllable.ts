/**
 * Hán-Việt syllable normalisation. Unihan writes the tone mark of open "oa", "oe" and "uy"
 * syllables on the last vowel (hoá, thuỷ); Vietnamese web novels and most converters put it on
 * the first (hóa, thủy). Normalising keeps converted text consistent with the dictionaries.
 */
const TONE_MARK = /[\u0300\u0301\u0303\u0309\u0323]/;
const OPEN_GLIDE_ENDING = /(?<!q)(o[ae]|uy)$/;

export function normalizeSyllable(reading: string): string {
  const decomposed = reading.trim().toLowerCase().normalize('NFD');
  const mark = TONE_MARK.exec(decomposed);
  if (!mark) return decomposed.normalize('NFC');
  const bare = decomposed.replace(TONE_MARK, '');
  const glide = OPEN_GLIDE_ENDING.exec(bare);
  const markOnLastLetter = mark.index === bare.length;
  if (!glide || !markOnLastLetter) return decomposed.normalize('NFC');
  const firstVowelEnd = glide.index + 1;
  return (bare.slice(0, firstVowelEnd) + mark[0] + bare.slice(firstVowelEnd)).normalize('NFC');
}
