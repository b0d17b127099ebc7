import type { Token } from './tokenize';

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Where a token's words are in the joined text: [start, end), or null for a mark or a dropped word. */
export type TokenPlace = readonly [number, number] | null;

/**
 * Writes tokens as Vietnamese: single spaces between words, none before a trailing or closing
 * mark and one after it, none inside quotes and brackets; a capital at the start of the line,
 * after a sentence end and at the start of quoted speech. Empty words (dropped particles) vanish.
 * `places`, when given, receives each token's place in the text (the word inspector's spans).
 */
export function joinTokens(tokens: readonly Token[], places?: TokenPlace[]): string {
  let output = '';
  let spaceBeforeNext = false;
  let capitalizeNext = true;
  for (const token of tokens) {
    if (token.kind === 'word') {
      if (!token.text) {
        places?.push(null);
        continue;
      }
      if (spaceBeforeNext) output += ' ';
      const start = output.length;
      output += capitalizeNext ? capitalizeFirst(token.text) : token.text;
      places?.push([start, output.length]);
      spaceBeforeNext = true;
      capitalizeNext = false;
      continue;
    }
    places?.push(null);
    const { mark } = token;
    switch (mark.spacing) {
      case 'opening':
        if (spaceBeforeNext) output += ' ';
        output += mark.text;
        spaceBeforeNext = false;
        if (mark.opensQuote) capitalizeNext = true;
        break;
      case 'standalone':
        if (spaceBeforeNext) output += ' ';
        output += mark.text;
        spaceBeforeNext = true;
        break;
      case 'joining':
        output += mark.text;
        spaceBeforeNext = false;
        break;
      case 'trailing':
      case 'closing':
        output += mark.text;
        spaceBeforeNext = true;
        if (mark.endsSentence) capitalizeNext = true;
        break;
    }
  }
  if (!places) return output.trim();
  const trimmed = output.trim();
  const lead = output.length - output.trimStart().length;
  for (let index = 0; index < places.length; index++) {
    const place = places[index];
    if (place) places[index] = [Math.max(0, place[0] - lead), Math.min(trimmed.length, place[1] - lead)];
  }
  return trimmed;
}
