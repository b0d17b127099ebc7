import { chapterHeading, chapterXhtml, paragraphsOf, xmlText } from '@/server/services/export/xhtml';

describe('chapter XHTML', () => {
  it('writes markup in a title or a paragraph as text', () => {
    const page = chapterXhtml(3, '<script>alert("x")</script>', 'Một <b>đậm</b> & <img src=x onerror=alert(1)>\n</p></section></body><p>"hai"');
    expect(page).toContain('<h2>Chương 3: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</h2>');
    expect(page).toContain('<p>Một &lt;b&gt;đậm&lt;/b&gt; &amp; &lt;img src=x onerror=alert(1)&gt;</p>');
    expect(page).toContain('<p>&lt;/p&gt;&lt;/section&gt;&lt;/body&gt;&lt;p&gt;&quot;hai&quot;</p>');
    expect(page.match(/<script/g)).toBeNull();
    expect(page.match(/<\/body>/g)).toHaveLength(1);
  });

  it('drops characters XML cannot hold (controls, lone surrogates, U+FFFE) and keeps the rest, astral ones too', () => {
    expect(xmlText('a\u0000b\u0008c\u000bd\u001fe\tf')).toBe('abcde\tf');
    expect(xmlText('x\ud800y\udc00z\ufffe')).toBe('xyz');
    expect(xmlText('𠀀 chữ Hán hiếm')).toBe('𠀀 chữ Hán hiếm');
    expect(xmlText('Tôi & "bạn" <3 >')).toBe('Tôi &amp; &quot;bạn&quot; &lt;3 &gt;');
  });

  it('takes one paragraph a line, blank lines dropped, any line ending', () => {
    expect(paragraphsOf('  một \r\n\r\nhai\rba\n\n')).toEqual(['một', 'hai', 'ba']);
  });

  it('heads a chapter "Chương N: title" unless its title already begins so', () => {
    expect(chapterHeading(12, 'Trở về Thanh Vân')).toBe('Chương 12: Trở về Thanh Vân');
    expect(chapterHeading(12, 'Chương 12: Trở về')).toBe('Chương 12: Trở về');
    expect(chapterHeading(5, '  ')).toBe('Chương 5');
  });
});
