import AES from 'crypto-js/aes';
import { signChapterRequest } from '@/lib/chapterSign';
import { readChapterSign } from '@/server/http/chapterSign';

describe('chapter request signing', () => {
  const payload = { truyenId: '12', index: 3, time: 1_700_000_000 };

  it('reads on the server what the browser signs', () => {
    const sign = signChapterRequest(payload, 'secret-key');
    expect(sign).not.toContain('truyenId');
    expect(readChapterSign(sign, 'secret-key')).toEqual(payload);
  });

  it('reads a payload longer than one block and a passphrase with Vietnamese letters', () => {
    const long = { truyenId: '1234567890', index: 999_999, time: 1_700_000_000, note: 'Chương một trăm lẻ tám' };
    expect(readChapterSign(signChapterRequest(long, 'khóa bí mật'), 'khóa bí mật')).toEqual(long);
  });

  it('gives nothing for another passphrase, garbage, a cut sign or ciphertext that is not JSON', () => {
    const sign = signChapterRequest(payload, 'secret-key');
    expect(readChapterSign(sign, 'other-key')).toBeNull();
    expect(readChapterSign('not-a-sign', 'secret-key')).toBeNull();
    expect(readChapterSign(sign.slice(0, 30), 'secret-key')).toBeNull();
    expect(readChapterSign('', 'secret-key')).toBeNull();
    expect(readChapterSign(AES.encrypt('plain words', 'secret-key').toString(), 'secret-key')).toBeNull();
  });
});
