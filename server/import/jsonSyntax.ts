/**
 * Offset of the first JSON syntax error in `text`, or -1 when it is valid JSON. JSON.parse on
 * Node 20 does not always say where it stopped, and an operator needs the line to fix.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail: () => never = () => {
    throw i;
  };
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const expect = (literal: string) => {
    for (const char of literal) {
      if (text[i] !== char) fail();
      i++;
    }
  };
  const string = () => {
    expect('"');
    while (i < text.length && text[i] !== '"') {
      const char = text[i];
      if (char < ' ') fail();
      if (char === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    expect('"');
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) fail();
    i += match[0].length;
  };
  const list = (close: string, item: () => void) => {
    i++;
    skipSpace();
    if (text[i] === close) return void i++;
    for (;;) {
      item();
      skipSpace();
      if (text[i] === close) return void i++;
      expect(',');
    }
  };
  const value = (): void => {
    skipSpace();
    const char = text[i];
    if (char === '{') {
      list('}', () => {
        skipSpace();
        string();
        skipSpace();
        expect(':');
        value();
      });
    } else if (char === '[') list(']', value);
    else if (char === '"') string();
    else if (char === 't') expect('true');
    else if (char === 'f') expect('false');
    else if (char === 'n') expect('null');
    else number();
  };
  try {
    value();
    skipSpace();
    if (i < text.length) fail();
    return -1;
  } catch (offset) {
    if (typeof offset === 'number') return Math.min(offset, text.length);
    throw offset;
  }
}
