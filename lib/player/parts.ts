/**
 * How a chapter's server audio is cut into parts. The browser and the server both derive the
 * parts from the chapter's paragraphs with this function, so the player knows which paragraphs a
 * part holds without asking. Part 0 is the chapter title alone (a second or two of audio, so the
 * first sound comes at once); then whole paragraphs, in parts that grow from a short one (ready
 * while the title plays) to about a minute of speech.
 */

export interface AudioPart {
  part: number;
  /** First paragraph of the part (an index into the chapter's displayed paragraphs). */
  from: number;
  /** One past its last paragraph; equal to `from` for the title part. */
  to: number;
  /** The part reads the chapter title. */
  title: boolean;
}

/** Characters each part after the title gathers at least (the last size repeats). */
export const PART_TARGET_CHARS = [300, 700, 1200] as const;
/** A chapter never has more parts than this (very long chapters get longer parts). */
export const MAX_PARTS = 200;

export function planAudioParts(paragraphs: readonly string[]): AudioPart[] {
  const parts: AudioPart[] = [{ part: 0, from: 0, to: 0, title: true }];
  const total = paragraphs.reduce((sum, text) => sum + text.length, 0);
  const floor = Math.ceil(total / MAX_PARTS);
  let from = 0;
  let chars = 0;
  for (let index = 0; index < paragraphs.length; index += 1) {
    chars += paragraphs[index].length;
    const target = Math.max(floor, PART_TARGET_CHARS[Math.min(parts.length - 1, PART_TARGET_CHARS.length - 1)]);
    if (chars >= target || index === paragraphs.length - 1) {
      parts.push({ part: parts.length, from, to: index + 1, title: false });
      from = index + 1;
      chars = 0;
    }
  }
  return parts;
}

/** The part that reads paragraph `paragraph` (the first one after the title). */
export function partOfParagraph(parts: readonly AudioPart[], paragraph: number): number {
  const found = parts.find((part) => !part.title && paragraph >= part.from && paragraph < part.to);
  return found ? found.part : Math.max(0, parts.length - 1);
}

/** The heading read before the chapter, as the chapter page shows it. */
export function speechHeading(index: number, title: string): string {
  return /^chương\s+\d+/i.test(title) ? title : `Chương ${index}: ${title}`;
}
