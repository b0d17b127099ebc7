/**
 * Agreement of two Vietnamese conversions of the same text, as the benchmark measures it:
 * syllable F1 per paragraph (the syllables of each paragraph as a bag, case and punctuation
 * ignored), averaged over the paragraphs that are not empty in both.
 */
function syllables(paragraph: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const syllable of paragraph.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    bag.set(syllable, (bag.get(syllable) ?? 0) + 1);
  }
  return bag;
}

export function syllableF1(candidate: string, reference: string): number {
  const a = syllables(candidate);
  const b = syllables(reference);
  let sizeA = 0;
  let sizeB = 0;
  let shared = 0;
  for (const count of a.values()) sizeA += count;
  for (const [syllable, count] of b) {
    sizeB += count;
    shared += Math.min(count, a.get(syllable) ?? 0);
  }
  if (sizeA + sizeB === 0) return 1;
  return (2 * shared) / (sizeA + sizeB);
}

/** Mean syllable F1 over paired paragraphs (both lists hold the same text's paragraphs, in order). */
export function paragraphAgreement(candidate: readonly string[], reference: readonly string[]): number {
  if (candidate.length !== reference.length) throw new Error(`paragraph counts differ: ${candidate.length} and ${reference.length}`);
  const scores: number[] = [];
  candidate.forEach((paragraph, index) => {
    if (paragraph.trim() || reference[index].trim()) scores.push(syllableF1(paragraph, reference[index]));
  });
  return scores.length ? scores.reduce((sum, score) => sum + score, 0) / scores.length : 1;
}
