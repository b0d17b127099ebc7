/** @jest-environment node */
import { jsonErrorOffset } from '@/server/import/jsonSyntax';

describe('jsonErrorOffset', () => {
  it.each(['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]} ', '"Truyện"', '0'])('accepts %p', (text) => {
    expect(jsonErrorOffset(text)).toBe(-1);
  });

  it.each([
    ['{"a": }', 6],
    ['{"a": 1,}', 8],
    ['[1 2]', 3],
    ['{"a": tru}', 9],
    ['{"a": "x', 8],
    ['{} x', 3],
    ['', 0],
  ])('finds the error in %p at %p', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });
});
