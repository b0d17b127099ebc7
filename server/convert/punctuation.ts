/**
 * Punctuation and character-width normalisation of Chinese text, and the spacing class of
 * each mark in Vietnamese: trailing marks stick to the word before them, opening marks to the
 * word after them, a dash stands between spaces and a middle dot joins two name parts.
 */
export type PunctuationSpacing = 'trailing' | 'opening' | 'closing' | 'standalone' | 'joining';

export interface PunctuationMark {
  text: string;
  spacing: PunctuationSpacing;
  /** A sentence ends here, so the next word starts with a capital. */
  endsSentence?: boolean;
  /** An opening quote: the quoted speech starts with a capital. */
  opensQuote?: boolean;
}

const trailing = (text: string, endsSentence = false): PunctuationMark => ({ text, spacing: 'trailing', endsSentence });
const opening = (text: string, opensQuote = false): PunctuationMark => ({ text, spacing: 'opening', opensQuote });
const closing = (text: string): PunctuationMark => ({ text, spacing: 'closing' });

const MARKS: Readonly<Record<string, PunctuationMark>> = {
  ',': trailing(','),
  '、': trailing(','),
  '.': trailing('.', true),
  '。': trailing('.', true),
  '｡': trailing('.', true),
  '!': trailing('!', true),
  '?': trailing('?', true),
  ':': trailing(':'),
  ';': trailing(';'),
  '~': trailing('~'),
  '“': opening('"', true),
  '「': opening('"', true),
  '『': opening('"', true),
  '‘': opening("'", true),
  '《': opening('«', true),
  '〈': opening('«', true),
  '(': opening('('),
  '[': opening('['),
  '【': opening('['),
  '〔': opening('('),
  '”': closing('"'),
  '」': closing('"'),
  '』': closing('"'),
  '’': closing("'"),
  '》': closing('»'),
  '〉': closing('»'),
  ')': closing(')'),
  ']': closing(']'),
  '】': closing(']'),
  '〕': closing(')'),
  '·': { text: '·', spacing: 'joining' },
  '•': { text: '·', spacing: 'joining' },
};

const ELLIPSIS: PunctuationMark = trailing('...');
const DASH: PunctuationMark = { text: '—', spacing: 'standalone' };
const QUOTE_OPEN: PunctuationMark = opening('"', true);
const QUOTE_CLOSE: PunctuationMark = closing('"');

/** Full-width ASCII forms (！＂＃…～, digits, letters) and the ideographic space become ASCII. */
export function normalizeWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e\u3000]/g, (char) =>
    char === '\u3000' ? ' ' : String.fromCharCode(char.charCodeAt(0) - 0xfee0),
  );
}

export interface PunctuationMatch {
  mark: PunctuationMark;
  length: number;
}

/** Length of the run of `chars` starting at `start`. */
function runLength(text: string, start: number, chars: string): number {
  let end = start;
  while (end < text.length && chars.includes(text[end])) end++;
  return end - start;
}

/**
 * The punctuation mark at `start`, if any. Runs collapse: "……", "。。。" and "..." become an
 * ellipsis, "——" and "--" a dash. A straight double quote opens or closes by `quoteOpen`.
 */
export function matchPunctuation(text: string, start: number, quoteOpen: boolean): PunctuationMatch | undefined {
  const char = text[start];
  if (char === '…') return { mark: ELLIPSIS, length: runLength(text, start, '…') };
  if (char === '.' || char === '。') {
    const dots = runLength(text, start, char);
    if (dots >= 2) return { mark: ELLIPSIS, length: dots };
  }
  if (char === '—' || char === '-' || char === '―') {
    const dashes = runLength(text, start, '—―-');
    if (char !== '-' || dashes >= 2) return { mark: DASH, length: dashes };
    return undefined;
  }
  if (char === '"') return { mark: quoteOpen ? QUOTE_CLOSE : QUOTE_OPEN, length: 1 };
  const mark = MARKS[char];
  return mark ? { mark, length: 1 } : undefined;
}
