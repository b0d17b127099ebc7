import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import ZipStream from 'zip-stream';
import type { LineEnding } from '@/lib/export';
import type { BookInfo, ChapterText } from './book';
import { chapterHeading, chapterXhtml, paragraphsOf, xhtmlPage, xmlText } from './xhtml';

/**
 * The two file formats, each written as it is built: a chapter is read, written and let go, and
 * every write waits while the receiver is behind (a slow phone does not make the server hold the
 * book). `onChapter` is told each chapter written; a `signal` that aborts stops the writing.
 */

export interface WriteOptions {
  signal?: AbortSignal;
  onChapter?: (done: number) => void;
}

const ABORTED = 'export aborted';

function checkAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new Error(ABORTED);
}

/**
 * `promise`, or the abort when `signal` aborts first: a receiver that goes away never leaves a
 * wait on the stream pending (and with it the writer's turn held).
 */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  checkAborted(signal);
  let stop: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(new Error(ABORTED));
    signal.addEventListener('abort', stop, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', stop));
}

const vnDate = (date: Date) => `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
const rangeLabel = (book: BookInfo) => `Gồm ${book.chapters.length} chương (${book.range.from === book.range.to ? `chương ${book.range.from}` : `chương ${book.range.from}–${book.range.to}`})`;

/* ------------------------------------------------------------------ TXT */

async function writeChunk(out: Writable, chunk: string, signal: AbortSignal | undefined): Promise<void> {
  if (!out.write(chunk)) await unlessAborted(Promise.race([once(out, 'drain'), once(out, 'close')]), signal);
}

/** UTF-8 text: the title block, then each chapter as "Chương N: title" and its paragraphs, one a line. */
export async function writeTxt(out: Writable, book: BookInfo, texts: AsyncIterable<ChapterText>, lineEnding: LineEnding, { signal, onChapter }: WriteOptions = {}): Promise<void> {
  const eol = lineEnding === 'crlf' ? '\r\n' : '\n';
  const lines = (items: string[]) => items.join(eol) + eol;
  const head = [
    book.title,
    `Tác giả: ${book.author}`,
    rangeLabel(book),
    ...(book.sourceUrl ? [`Nguồn: ${book.sourceUrl}`] : []),
    `Tải từ ${book.siteName}: ${book.storyUrl} ngày ${vnDate(book.date)}`,
    ...book.notes,
    '',
    ...paragraphsOf(book.description),
    '',
    '',
  ];
  await writeChunk(out, lines(head), signal);
  let done = 0;
  for await (const chapter of texts) {
    checkAborted(signal);
    await writeChunk(out, lines([chapterHeading(chapter.index, chapter.title), '', ...paragraphsOf(chapter.content), '', '']), signal);
    onChapter?.(++done);
  }
  out.end();
  // Rejects when the receiver closes before the last byte, rather than waiting for a 'finish' that never comes.
  await unlessAborted(finished(out), signal);
}

/* ------------------------------------------------------------------ EPUB */

const chapterFile = (index: number) => `c${index}.xhtml`;

const STYLE = `body { margin: 0 5%; line-height: 1.6; }
h1, h2 { text-align: center; line-height: 1.3; }
h2 { margin: 1.5em 0 1em; }
p { margin: 0 0 0.8em; text-indent: 1.5em; text-align: justify; }
.meta p, .notes p { text-indent: 0; }
.notes { border-top: 1px solid #999; border-bottom: 1px solid #999; padding: 0.5em 0; }
.cover { margin: 0; padding: 0; text-align: center; }
.cover img { max-width: 100%; max-height: 100%; }
`;

/** Lines of a title on the drawn cover: words filled up to about `width` characters, at most `max` lines. */
function wrapWords(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    lines.length = max;
    lines[max - 1] = `${lines[max - 1].slice(0, width - 1)}…`;
  }
  return lines;
}

/** A cover drawn from the title and author (no fonts embedded: the reader's serif). */
export function coverSvg(title: string, author: string, siteName: string): string {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  const hue = hash % 360;
  const titleLines = wrapWords(title, 16, 6);
  const top = 420 - (titleLines.length - 1) * 34;
  const text = titleLines.map((line, i) => `<text x="300" y="${top + i * 68}" font-size="52" font-weight="bold">${xmlText(line)}</text>`).join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="600" height="900" viewBox="0 0 600 900">',
    `<rect width="600" height="900" fill="hsl(${hue}, 45%, 28%)"/>`,
    `<rect x="30" y="30" width="540" height="840" fill="none" stroke="hsl(${hue}, 40%, 75%)" stroke-width="3"/>`,
    `<g fill="#ffffff" font-family="serif" text-anchor="middle">`,
    text,
    `<text x="300" y="${top + titleLines.length * 68 + 40}" font-size="30" fill-opacity="0.85">${xmlText(author)}</text>`,
    `<text x="300" y="830" font-size="22" fill-opacity="0.7">${xmlText(siteName)}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}

const isoSeconds = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

function packageDocument(book: BookInfo): string {
  const items = book.chapters.map((chapter) => `<item id="c${chapter.index}" href="${chapterFile(chapter.index)}" media-type="application/xhtml+xml"/>`);
  const refs = book.chapters.map((chapter) => `<itemref idref="c${chapter.index}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="vi">',
    '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">',
    `<dc:identifier id="book-id">${xmlText(book.identifier)}</dc:identifier>`,
    `<dc:title>${xmlText(book.title)}</dc:title>`,
    `<dc:creator>${xmlText(book.author)}</dc:creator>`,
    '<dc:language>vi</dc:language>',
    `<dc:date>${book.date.toISOString().slice(0, 10)}</dc:date>`,
    `<dc:publisher>${xmlText(book.siteName)}</dc:publisher>`,
    `<dc:source>${xmlText(book.sourceUrl ?? book.storyUrl)}</dc:source>`,
    `<dc:relation>${xmlText(book.storyUrl)}</dc:relation>`,
    ...(book.description.trim() ? [`<dc:description>${xmlText(book.description.trim())}</dc:description>`] : []),
    `<meta property="dcterms:modified">${isoSeconds(book.date)}</meta>`,
    '<meta name="cover" content="cover-image"/>',
    '</metadata>',
    '<manifest>',
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
    '<item id="style" href="style.css" media-type="text/css"/>',
    '<item id="cover-image" href="cover.svg" media-type="image/svg+xml" properties="cover-image"/>',
    '<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>',
    '<item id="intro" href="intro.xhtml" media-type="application/xhtml+xml"/>',
    ...items,
    '</manifest>',
    '<spine toc="ncx">',
    '<itemref idref="cover"/>',
    '<itemref idref="intro"/>',
    ...refs,
    '</spine>',
    '</package>',
    '',
  ].join('\n');
}

function navDocument(book: BookInfo): string {
  const links = book.chapters.map((chapter) => `<li><a href="${chapterFile(chapter.index)}">${xmlText(chapterHeading(chapter.index, chapter.title))}</a></li>`);
  return xhtmlPage(
    'Mục lục',
    ['<nav epub:type="toc" id="toc">', '<h1>Mục lục</h1>', '<ol>', '<li><a href="intro.xhtml">Giới thiệu</a></li>', ...links, '</ol>', '</nav>', '<nav epub:type="landmarks" id="landmarks" hidden="hidden">', '<ol>', '<li><a epub:type="cover" href="cover.xhtml">Bìa</a></li>', '<li><a epub:type="bodymatter" href="intro.xhtml">Giới thiệu</a></li>', '</ol>', '</nav>'].join('\n'),
  );
}

function ncxDocument(book: BookInfo): string {
  const points = [{ label: 'Giới thiệu', src: 'intro.xhtml' }, ...book.chapters.map((chapter) => ({ label: chapterHeading(chapter.index, chapter.title), src: chapterFile(chapter.index) }))].map(
    (point, i) => `<navPoint id="np-${i + 1}" playOrder="${i + 1}"><navLabel><text>${xmlText(point.label)}</text></navLabel><content src="${point.src}"/></navPoint>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="vi">',
    '<head>',
    `<meta name="dtb:uid" content="${xmlText(book.identifier)}"/>`,
    '<meta name="dtb:depth" content="1"/>',
    '<meta name="dtb:totalPageCount" content="0"/>',
    '<meta name="dtb:maxPageNumber" content="0"/>',
    '</head>',
    `<docTitle><text>${xmlText(book.title)}</text></docTitle>`,
    `<docAuthor><text>${xmlText(book.author)}</text></docAuthor>`,
    '<navMap>',
    ...points,
    '</navMap>',
    '</ncx>',
    '',
  ].join('\n');
}

function introPage(book: BookInfo): string {
  const link = (url: string) => `<a href="${xmlText(url)}">${xmlText(url)}</a>`;
  const meta = [
    `<p>Tác giả: ${xmlText(book.author)}</p>`,
    `<p>${xmlText(rangeLabel(book))}</p>`,
    ...(book.sourceUrl ? [`<p>Nguồn: ${link(book.sourceUrl)}</p>`] : []),
    `<p>Tải từ ${xmlText(book.siteName)}: ${link(book.storyUrl)} ngày ${vnDate(book.date)}</p>`,
  ];
  const notes = book.notes.length > 0 ? ['<div class="notes">', ...book.notes.map((note) => `<p>${xmlText(note)}</p>`), '</div>'] : [];
  const description = paragraphsOf(book.description).map((paragraph) => `<p>${xmlText(paragraph)}</p>`);
  return xhtmlPage(book.title, ['<section epub:type="preface" id="intro">', `<h1>${xmlText(book.title)}</h1>`, '<div class="meta">', ...meta, '</div>', ...notes, ...description, '</section>'].join('\n'));
}

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

/**
 * An EPUB 3 (with an NCX for older readers): the mimetype first and stored, then the package,
 * navigation, style, a drawn cover, the description page, and one XHTML file per chapter as the
 * chapters come. The fonts are the reader's own.
 */
export async function writeEpub(out: Writable, book: BookInfo, texts: AsyncIterable<ChapterText>, { signal, onChapter }: WriteOptions = {}): Promise<void> {
  const zip = new ZipStream({ zlib: { level: 6 } });
  const piped = pipeline(zip, out);
  // Seen at the end; a receiver gone meanwhile stops the loop through `signal` or the closed archive.
  piped.catch(() => undefined);
  const add = async (name: string, data: string, store = false) => {
    const entry = new Promise<void>((resolve, reject) => zip.entry(Buffer.from(data, 'utf8'), { name, store, date: book.date }, (error) => (error ? reject(error) : resolve())));
    await unlessAborted(entry, signal);
    // An entry is done once it is in the archive's buffer; the next waits until the receiver took it.
    if (zip.writableNeedDrain || zip.writableLength > zip.writableHighWaterMark) await unlessAborted(Promise.race([once(zip, 'drain'), once(zip, 'close')]), signal);
  };
  try {
    await add('mimetype', 'application/epub+zip', true);
    await add('META-INF/container.xml', CONTAINER);
    await add('OEBPS/content.opf', packageDocument(book));
    await add('OEBPS/nav.xhtml', navDocument(book));
    await add('OEBPS/toc.ncx', ncxDocument(book));
    await add('OEBPS/style.css', STYLE);
    await add('OEBPS/cover.svg', coverSvg(book.title, book.author, book.siteName));
    await add('OEBPS/cover.xhtml', xhtmlPage(book.title, `<section epub:type="cover" class="cover"><img src="cover.svg" alt="${xmlText(book.title)}"/></section>`));
    await add('OEBPS/intro.xhtml', introPage(book));
    let done = 0;
    for await (const chapter of texts) {
      checkAborted(signal);
      await add(`OEBPS/${chapterFile(chapter.index)}`, chapterXhtml(chapter.index, chapter.title, chapter.content));
      onChapter?.(++done);
    }
    zip.finish();
    await unlessAborted(piped, signal);
  } catch (error) {
    zip.destroy(error as Error);
    throw error;
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.message === ABORTED;
}
