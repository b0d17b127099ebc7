import type { Rng } from './random';
import type { Vocabulary } from './vocabulary';

export interface Person {
  name: string;
  female: boolean;
  /** How the narrator refers to this person ("hắn", "nàng", "anh", "cô", …). */
  pronoun: string;
}

/** The people and places a story keeps from its first chapter to its last. */
export interface Cast {
  lead: Person;
  partner: Person;
  foe: Person;
  group: string;
  home: string;
}

const OPENING_MARKS = '"“‘«([';
const SLOT = /\{([a-zA-Z]+)(\.p)?\}/g;

/** Fills a template's slots from the cast and, for any other name, from the vocabulary. */
export function fill(template: string, vocabulary: Vocabulary, cast: Cast, rng: Rng): string {
  return template.replace(SLOT, (_match, name: string, pronoun: string | undefined) => {
    if (name === 'lead' || name === 'partner' || name === 'foe') {
      const person = cast[name];
      return pronoun ? person.pronoun : person.name;
    }
    if (pronoun) throw new Error(`only the cast has pronouns: {${name}.p}`);
    if (name === 'group' || name === 'home') return cast[name];
    // A slot may have a variant for a male lead (titles such as "Đích Nữ" vs "Thế Tử").
    const values = (!cast.lead.female && vocabulary.slots[`${name}Male`]) || vocabulary.slots[name];
    if (!values) throw new Error(`unknown slot {${name}} in the ${vocabulary.family} vocabulary`);
    return rng.pick(values);
  });
}

/** Upper-cases the first letter of a sentence, after any opening quote. */
export function capitalizeFirst(sentence: string): string {
  let i = 0;
  while (i < sentence.length && OPENING_MARKS.includes(sentence[i])) i++;
  const letter = sentence.charAt(i);
  const upper = letter.toUpperCase();
  return upper === letter ? sentence : sentence.slice(0, i) + upper + sentence.slice(i + 1);
}

/** "đột phá kết đan" → "Đột Phá Kết Đan", as translated titles are written. */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word) => capitalizeFirst(word))
    .join(' ');
}
