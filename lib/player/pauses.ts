/**
 * Rests the listener asks for: after each sentence and after each paragraph, 0–2 s, for the
 * browser's voice (a wait between utterances) and the server's audio (silence in its parts).
 */

export interface Pauses {
  /** Seconds after each sentence. */
  sentence: number;
  /** Seconds after each paragraph. */
  paragraph: number;
}

export const NO_PAUSES: Pauses = { sentence: 0, paragraph: 0 };
export const PAUSE_CHOICES = [0, 0.25, 0.5, 1, 1.5, 2] as const;
export const MAX_PAUSE_S = 2;

/** A pause in whole quarter seconds within 0–2 s. */
export function clampPause(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.round(Math.min(MAX_PAUSE_S, Math.max(0, value)) * 4) / 4;
}

export const hasPauses = (pauses: Pauses) => pauses.sentence > 0 || pauses.paragraph > 0;

/** A piece of text that ends a sentence (terminal punctuation, then any closing quote or bracket). */
const ENDS_SENTENCE = /[.!?…]+["”’)\]]*\s*$/u;

/**
 * Seconds of rest after each utterance of a paragraph: the sentence pause after one that ends a
 * sentence, none after a piece cut inside a sentence, the paragraph pause (or the sentence pause
 * when longer) after the paragraph's last; nothing after the chapter's last paragraph.
 */
export function pauseSchedule(pieces: readonly string[], pauses: Pauses, lastParagraph = false): number[] {
  return pieces.map((text, index) => {
    if (index === pieces.length - 1) return lastParagraph ? 0 : Math.max(pauses.paragraph, pauses.sentence);
    return ENDS_SENTENCE.test(text) ? pauses.sentence : 0;
  });
}

/** The query value of a part's request: milliseconds after a sentence and after a paragraph. */
export function encodePauses(pauses: Pauses): string | null {
  return hasPauses(pauses) ? `${Math.round(pauses.sentence * 1000)}-${Math.round(pauses.paragraph * 1000)}` : null;
}

export function decodePauses(value: string | undefined): Pauses | null {
  const match = /^(\d{1,4})-(\d{1,4})$/.exec(value ?? '');
  if (!match) return null;
  const [sentence, paragraph] = [Number(match[1]) / 1000, Number(match[2]) / 1000];
  if (sentence > MAX_PAUSE_S || paragraph > MAX_PAUSE_S) return null;
  return { sentence: clampPause(sentence), paragraph: clampPause(paragraph) };
}
