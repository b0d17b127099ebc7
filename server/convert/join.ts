import type { Token } from './tokenize';

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Writes tokens as Vietnamese: single spaces between words, none before a trailing or closing
 * mark and one after it, none inside quotes and brackets; a capital at the start of the line,
 * after a sentence end and at the start of quoted speech. Empty words (dropped particles) vanish.
 */
export function joinTokens(tokens: readonly Token[]): string {
  let output = '';
  let spaceBeforeNext = false;
  let capitalizeNext = true;
  for (const token of tokens) {
    if (token.kind === 'word') {
      if (!token.text) continue;
      if (spaceBeforeNext) output += ' ';
      output += capitalizeNext ? capitalizeFirst(token.text) : token.text;
      spaceBeforeNext = true;
      capitalizeNext = false;
      continue;
    }
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
  return output.trim();
}
