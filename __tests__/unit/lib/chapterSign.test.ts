import { readChapterSign, signChapterRequest } from '@/lib/chapterSign';

describe('chapter request signing', () => {
  const payload = { truyenId: '12', index: 3, time: 1_700_000_000 };

  it('round-trips the payload with the same passphrase', () => {
    const sign = signChapterRequest(payload, 'secret-key');
    expect(sign).not.toContain('truyenId');
    expect(readChapterSign(sign, 'secret-key')).toEqual(payload);
  });

  it('gives nothing for another passphrase or for garbage', () => {
    const sign = signChapterRequest(payload, 'secret-key');
    expect(readChapterSign(sign, 'other-key')).toBeNull();
    expect(readChapterSign('not-a-sign', 'secret-key')).toBeNull();
  });
});
