/** @jest-environment node */
import { FetchError } from '@/server/fetch/errors';
import { HttpError } from '@/server/http/errors';
import { SourceParseError } from '@/server/sources';
import { parseLinkInput, resolveLink, sourceError } from '@/server/services/embedding/links';

describe('parseLinkInput', () => {
  it('trims the pasted link', () => {
    expect(parseLinkInput({ link: '  https://www.69shuba.com/book/1.htm \n' })).toBe('https://www.69shuba.com/book/1.htm');
  });

  it.each([
    [{}, /dán liên kết/],
    [{ link: '' }, /dán liên kết/],
    [{ link: 42 }, /dán liên kết/],
    [{ link: `https://www.69shuba.com/${'x'.repeat(500)}` }, /500 ký tự/],
  ])('refuses %p with a Vietnamese 400', (body, message) => {
    expect(() => parseLinkInput(body)).toThrow(message);
    try {
      parseLinkInput(body);
    } catch (error) {
      expect((error as HttpError).status).toBe(400);
    }
  });
});

describe('resolveLink', () => {
  it('gives every form of a book link the same canonical source url', () => {
    const forms = ['https://www.69shuba.com/book/57358.htm', '69shuba.com/book/57358/', 'http://www.69shuba.com/txt/57358/31450002'];
    expect(new Set(forms.map((link) => resolveLink(link).sourceUrl))).toEqual(new Set(['https://www.69shuba.com/book/57358.htm']));
    expect(resolveLink(forms[2]).chapterId).toBe('31450002');
  });

  it('refuses unknown sites with the list of supported ones', () => {
    expect(() => resolveLink('https://evil.example/book/1.htm')).toThrow(/69shuba\.com, 22biqu\.com, ixdzs8\.com/);
    expect(() => resolveLink('javascript:alert(1)')).toThrow(HttpError);
  });
});

describe('sourceError', () => {
  it('answers 400 for refused addresses and 502 for failing sources, with the reader message', () => {
    const blocked = sourceError(new FetchError('BLOCKED_ADDRESS', '10.0.0.1')) as HttpError;
    expect(blocked).toMatchObject({ status: 400, message: 'Không thể truy cập địa chỉ này.' });
    const slow = sourceError(new FetchError('TIMEOUT', 'slow')) as HttpError;
    expect(slow.status).toBe(502);
    expect((sourceError(new SourceParseError('69shuba', 'no title')) as HttpError).status).toBe(502);
    const other = new Error('db down');
    expect(sourceError(other)).toBe(other);
  });
});
