/** @jest-environment node */
import iconv from 'iconv-lite';
import { decodeBody, detectCharset } from '@/server/fetch/decode';

const TEXT = '第一章 龙吟九霄，剑气纵横三万里。𠀀';

describe('decodeBody', () => {
  it('decodes GBK declared in Content-Type, treating it as GB18030', () => {
    const body = iconv.encode(`<p>${TEXT}</p>`, 'gb18030');
    expect(detectCharset(body, 'text/html; charset=GBK')).toBe('gb18030');
    expect(decodeBody(body, 'text/html; charset=GBK')).toBe(`<p>${TEXT}</p>`);
  });

  it('falls back to <meta charset> and <meta http-equiv> when the header has none', () => {
    const modern = iconv.encode(`<html><head><meta charset="gb2312"></head><body>${TEXT}</body></html>`, 'gb18030');
    expect(decodeBody(modern, 'text/html')).toContain(TEXT);
    const legacy = iconv.encode(
      `<html><head><meta http-equiv="Content-Type" content="text/html; charset=gbk" /></head><body>${TEXT}</body></html>`,
      'gbk',
    );
    expect(decodeBody(legacy, '')).toContain('龙吟九霄');
  });

  it('reads UTF-8 otherwise, dropping a byte-order mark, and ignores unknown charsets', () => {
    expect(decodeBody(Buffer.from(`\ufeff${TEXT}`, 'utf8'), 'text/html')).toBe(TEXT);
    expect(decodeBody(Buffer.from(TEXT, 'utf8'), 'text/html; charset=klingon')).toBe(TEXT);
  });
});
