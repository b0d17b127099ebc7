const SPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/**
 * Offset of the first JSON syntax error in `text`, or -1 when it is valid JSON (RFC 8259).
 * JSON.parse on Node 20 does not always say where it stopped, and an operator needs the line to
 * fix. Iterative, with the open arrays and objects on an explicit stack, so any depth of nesting
 * is checked in constant call stack (20,000 `[` is an error at its end, not a RangeError).
 */
export function jsonErrorOffset(text: string): number {
  /** The open containers, innermost last, by their closing bracket. */
  const open: (']' | '}')[] = [];
  let i = 0;

  const skipSpace = () => {
    while (i < text.length && SPACE.has(text[i])) i++;
  };

  /** Reads a string at i; false (i at the error) when it is not one. */
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    i++;
    while (i < text.length && text[i] !== '"') {
      const char = text[i];
      if (char < ' ') return false;
      if (char === '\\') {
        i++;
        if (text[i] === 'u') {
          HEX4.lastIndex = i + 1;
          if (!HEX4.test(text)) return false;
          i += 4;
        } else if (!ESCAPES.has(text[i] ?? '')) return false;
      }
      i++;
    }
    if (text[i] !== '"') return false;
    i++;
    return true;
  };

  const literal = (word: string): boolean => {
    for (const char of word) {
      if (text[i] !== char) return false;
      i++;
    }
    return true;
  };

  /** An object member's key and colon. */
  const key = (): boolean => {
    skipSpace();
    if (!string()) return false;
    skipSpace();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };

  /**
   * Reads one value: a scalar, or the opening of containers down to the first scalar or empty
   * container inside them (what follows is read by the loop below).
   */
  const value = (): boolean => {
    for (;;) {
      skipSpace();
      const char = text[i];
      if (char !== '[' && char !== '{') break;
      const close = char === '[' ? ']' : '}';
      i++;
      skipSpace();
      if (text[i] === close) {
        i++;
        return true;
      }
      open.push(close);
      if (close === '}' && !key()) return false;
    }
    const char = text[i];
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) return false;
    i = NUMBER.lastIndex;
    return true;
  };

  const error = () => Math.min(i, text.length);
  if (!value()) return error();
  while (open.length > 0) {
    skipSpace();
    const close = open[open.length - 1];
    if (text[i] === close) {
      open.pop();
      i++;
      continue;
    }
    if (text[i] !== ',') return error();
    i++;
    if (close === '}' && !key()) return error();
    if (!value()) return error();
  }
  skipSpace();
  return i < text.length ? i : -1;
}
