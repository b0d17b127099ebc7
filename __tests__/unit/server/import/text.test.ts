/** @jest-environment node */
import { countWords, decodeUtf8, findInvalidUtf8, toParagraphs } from '@/server/import/text';

describe('findInvalidUtf8', () => {
  it.each([
    [[0x41, 0xc3, 0xa2, 0xe1, 0xbb, 0x87, 0xf0, 0x9f, 0x93, 0x96], -1],
    [[0x41, 0xff], 1],
    [[0x41, 0xc0, 0x80], 1],
    [[0xe0, 0x80, 0x80], 0],
    [[0xed, 0xa0, 0x80], 0],
    [[0xf4, 0x90, 0x80, 0x80], 0],
    [[0x41, 0x42, 0xe1, 0xbb], 2],
  ])('checks %p', (bytes, offset) => {
    expect(findInvalidUtf8(new Uint8Array(bytes))).toBe(offset);
  });
});

describe('decodeUtf8', () => {
  it('names the byte and line of a truncated sequence at the end', () => {
    expect(() => decodeUtf8(new Uint8Array([0x61, 0x0a, 0x62, 0xe1]), 'x.txt')).toThrow('x.txt: không phải UTF-8 hợp lệ tại byte 3 (dòng 2)');
  });
});

describe('toParagraphs and countWords', () => {
  it('keeps one paragraph per non-blank line and counts syllables', () => {
    const content = toParagraphs(['  Trời   sáng. ', '', '\t', 'Hắn\u00a0đi.']);
    expect(content).toBe('Trời sáng.\nHắn đi.');
    expect(countWords(content)).toBe(4);
    expect(countWords('  ')).toBe(0);
  });
});
