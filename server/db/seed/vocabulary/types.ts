import type { GenreFamily } from '../genres';

/**
 * The words and sentence patterns of one genre family. Templates name their slots in braces:
 * `{lead}`, `{partner}`, `{foe}` are the story's cast (`{lead.p}` its pronoun), `{group}` and
 * `{home}` are fixed for a story, any other `{name}` is drawn from `slots` each time it appears.
 */
export interface Vocabulary {
  family: GenreFamily;
  /** How the narrator refers to a man and to a woman; `junior` is the younger of two men. */
  pronouns: { male: string; female: string; junior?: string };
  leadFemale: boolean;
  maleNames: readonly string[];
  femaleNames: readonly string[];
  rivals: readonly string[];
  rivalFemale: boolean;
  groups: readonly string[];
  homes: readonly string[];
  slots: Readonly<Record<string, readonly string[]>>;
  /** First sentence of a chapter: sets the time and place. */
  openers: readonly string[];
  narration: readonly string[];
  /** Whole sentences with a quoted line, e.g. `{foe} {say}: "…"`. */
  dialogue: readonly string[];
  /** Last sentence of a chapter: a hook for the next one. */
  closers: readonly string[];
  chapterTitles: readonly string[];
  storyTitles: readonly string[];
  blurbs: readonly string[];
}
