/** @jest-environment node */
import JSZip from 'jszip';
import { ImportError } from '@/server/import/errors';
import { parseEpub } from '@/server/import/epub';

const CONTAINER = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

interface OpfOptions {
  title?: string;
}

function opf({ title = 'Tiên Lộ' }: OpfOptions = {}): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    ${title ? `<dc:title>${title}</dc:title>` : ''}
    <dc:creator>Mặc Hương</dc:creator>
    <dc:description>&lt;p&gt;Đoạn một.&lt;/p&gt;&lt;p&gt;Đoạn hai &amp;amp; ba.&lt;/p&gt;</dc:description>
    <dc:subject>Tiên Hiệp</dc:subject>
    <dc:subject>Huyền Huyễn, Hoàn thành</dc:subject>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="cover" href="Text/cover.xhtml" media-type="application/xhtml+xml"/>
    <item id="c1" href="Text/chapter1.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="Text/chapter2.xhtml" media-type="application/xhtml+xml"/>
    <item id="c3" href="Text/chapter%203.xhtml" media-type="application/xhtml+xml"/>
    <item id="img" href="Images/cover.jpg" media-type="image/jpeg"/>
  </manifest>
  <spine>
    <itemref idref="cover"/>
    <itemref idref="nav"/>
    <itemref idref="c1"/>
    <itemref idref="c2"/>
    <itemref idref="c3"/>
  </spine>
</package>`;
}

const xhtml = (head: string, body: string) => `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"><head>${head}</head><body>${body}</body></html>`;

async function buildEpub(change: (zip: JSZip) => void = () => undefined): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip');
  zip.file('META-INF/container.xml', CONTAINER);
  zip.file('OEBPS/content.opf', opf());
  zip.file('OEBPS/nav.xhtml', xhtml('<title>Mục lục</title>', '<nav><ol><li><a href="Text/chapter1.xhtml">Chương 1</a></li></ol></nav>'));
  zip.file('OEBPS/Text/cover.xhtml', xhtml('<title/>', '<div><img src="../Images/cover.jpg" alt=""/></div>'));
  zip.file(
    'OEBPS/Text/chapter1.xhtml',
    xhtml('<title>Tiên Lộ</title>', '<h1>Chương 1: Lên núi</h1><p>Trời&nbsp;vừa sáng.</p><p> </p><p>Hắn   bước đi.</p>'),
  );
  zip.file('OEBPS/Text/chapter2.xhtml', xhtml('<title>Chương 2: Bái sư</title>', '<p class="title">Chương 2: Bái sư</p><p>Sư phụ gật đầu.</p>'));
  zip.file('OEBPS/Text/chapter 3.xhtml', xhtml('<title/>', '<h2>Chương 3</h2><div>Dòng một<br/>Dòng hai</div>'));
  change(zip);
  return zip.generateAsync({ type: 'uint8array' });
}

describe('parseEpub', () => {
  it('reads metadata from the OPF and one chapter per spine document', async () => {
    const story = await parseEpub(await buildEpub(), 'tien-lo.epub');
    expect(story).toEqual({
      title: 'Tiên Lộ',
      author: 'Mặc Hương',
      description: 'Đoạn một.\nĐoạn hai & ba.',
      status: 'completed',
      genres: ['Tiên Hiệp', 'Huyền Huyễn'],
      chapters: [
        { title: 'Chương 1: Lên núi', content: 'Trời vừa sáng.\nHắn bước đi.' },
        { title: 'Chương 2: Bái sư', content: 'Sư phụ gật đầu.' },
        { title: 'Chương 3', content: 'Dòng một\nDòng hai' },
      ],
    });
  });

  it('names a missing container.xml', async () => {
    const bytes = await buildEpub((zip) => zip.remove('META-INF/container.xml'));
    await expect(parseEpub(bytes, 'x.epub')).rejects.toThrow("x.epub: thiếu tệp 'META-INF/container.xml' trong EPUB");
  });

  it('names a missing OPF and a missing spine document', async () => {
    await expect(parseEpub(await buildEpub((zip) => zip.remove('OEBPS/content.opf')), 'x.epub')).rejects.toThrow(
      "thiếu tệp 'OEBPS/content.opf'",
    );
    await expect(parseEpub(await buildEpub((zip) => zip.remove('OEBPS/Text/chapter 3.xhtml')), 'x.epub')).rejects.toThrow(
      "thiếu tệp 'OEBPS/Text/chapter 3.xhtml'",
    );
  });

  it('names a missing dc:title', async () => {
    const bytes = await buildEpub((zip) => zip.file('OEBPS/content.opf', opf({ title: '' })));
    await expect(parseEpub(bytes, 'x.epub')).rejects.toThrow('x.epub: OEBPS/content.opf thiếu <dc:title>');
  });

  it('refuses a file that is not a ZIP archive', async () => {
    await expect(parseEpub(new TextEncoder().encode('not a zip'), 'x.epub')).rejects.toThrow(ImportError);
  });
});
