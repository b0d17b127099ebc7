import { joinSegments, toSpeechSegments, type SpeechLang } from '@/lib/text/speechSegments';
import { splitSpeechChunks } from '@/lib/text/speechText';

/**
 * How a paragraph is cut into utterances. A local voice takes utterances of up to
 * MAX_UTTERANCE_CHARS (sentences packed together, so pauses stay natural). A remote voice (Chrome's
 * and Edge's online voices) stops after about 15 s of one utterance, so it gets one sentence per
 * utterance, and a sentence longer than it can say in about ten seconds at the reader's rate is
 * cut at its commas, then between words.
 */

/** Browsers cut off or stall on long utterances; shorter ones also make pausing precise. */
export const MAX_UTTERANCE_CHARS = 200;
/** Characters a Vietnamese voice says in a second at rate 1 (about 180 words a minute). */
const CHARS_PER_SECOND = 14;
/** Seconds of speech a remote voice's utterance is kept under, well inside its 15 s. */
const REMOTE_UTTERANCE_SECONDS = 10;
const MIN_REMOTE_CHARS = 60;

/** One utterance: its text and the language it is read in. */
export interface SpeechChunk {
  text: string;
  lang: SpeechLang;
}

/** The longest utterance a remote voice gets at `rate`. */
export function remoteUtteranceChars(rate: number): number {
  const chars = Math.round(CHARS_PER_SECOND * REMOTE_UTTERANCE_SECONDS * (Number.isFinite(rate) && rate > 0 ? rate : 1));
  return Math.min(MAX_UTTERANCE_CHARS, Math.max(MIN_REMOTE_CHARS, chars));
}

/** Sentence ends: terminal punctuation, any closing quote or bracket, then a space. */
const SENTENCE_END = /[.!?…]+["”’)\]]*\s+/gu;

/** The sentences of a text, punctuation kept. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = (match.index ?? 0) + match[0].length;
    sentences.push(text.slice(start, end).trim());
    start = end;
  }
  sentences.push(text.slice(start).trim());
  return sentences.filter(Boolean);
}

export interface ChunkOptions {
  /** Foreign names become utterances of their own in English. */
  readForeign?: boolean;
  /** One sentence per utterance, each at most `maxChars` (a remote voice). */
  sentences?: boolean;
  maxChars?: number;
}

/** The utterances of a paragraph: its text made speakable, then cut to size. */
export function paragraphChunks(paragraph: string, { readForeign = false, sentences = false, maxChars = MAX_UTTERANCE_CHARS }: ChunkOptions = {}): SpeechChunk[] {
  const segments = toSpeechSegments(paragraph);
  const stretches = readForeign ? segments : [{ lang: 'vi' as const, text: joinSegments(segments) }];
  const cut = (text: string) => (sentences ? splitSentences(text).flatMap((sentence) => splitSpeechChunks(sentence, maxChars)) : splitSpeechChunks(text, maxChars));
  return stretches.flatMap(({ lang, text }) => (/[\p{L}\p{N}]/u.test(text) ? cut(text).map((piece) => ({ text: piece, lang })) : []));
}
