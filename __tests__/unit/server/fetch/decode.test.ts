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

  it('lets a byte-order mark override the declared charset, as the WHATWG encoding rules say', () => {
    const page = `<html><head><meta charset="gbk"></head><body>${TEXT}</body></html>`;
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(page, 'utf8')]);
    expect(detectCharset(utf8, 'text/html; charset=GBK')).toBe('utf-8');
    expect(decodeBody(utf8, 'text/html; charset=GBK')).toBe(page);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(page, 'utf16le')]);
    expect(decodeBody(utf16, 'text/html; charset=gb2312')).toBe(page);
  });

  it('prefers the header to the markup, and reads the markup past a long head', () => {
    const body = iconv.encode(`<html><head><meta charset="big5"></head><body>${TEXT}</body></html>`, 'gb18030');
    expect(decodeBody(body, 'text/html; charset=gb2312')).toContain(TEXT);
    const late = iconv.encode(`<html><head>${' '.repeat(2_000)}<meta charset="gbk"></head><body>${TEXT}</body></html>`, 'gb18030');
    expect(decodeBody(late, 'text/html')).toContain(TEXT);
  });
});
