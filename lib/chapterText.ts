/** Splits chapter text into the paragraphs shown and read aloud (and cut into server audio parts). */
export function toParagraphs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
