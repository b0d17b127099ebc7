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

  it('checks deep nesting without recursion: 20,000 open brackets are an error at the end, not a stack overflow', () => {
    const deep = '['.repeat(20_000);
    expect(jsonErrorOffset(deep)).toBe(20_000);
    expect(jsonErrorOffset(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toBe(-1);
    expect(jsonErrorOffset(`${'{"a":'.repeat(20_000)}1${'}'.repeat(19_999)}]`)).toBe(20_000 * 5 + 1 + 19_999);
  });

  it('reads a number of any length', () => {
    expect(jsonErrorOffset(`[${'9'.repeat(1_000)}]`)).toBe(-1);
    expect(jsonErrorOffset('[01]')).toBe(2);
    expect(jsonErrorOffset('[1.]')).toBe(2);
  });
});
