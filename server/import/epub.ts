import JSZip from 'jszip';
import type { CheerioAPI } from 'cheerio/slim';
import { foldVietnamese } from '@/lib/text/fold';
import { ImportError } from './errors';
import { loadMarkup, readEpubPackage, readZipText } from './epubPackage';
import { validateImportedStory, type ImportedChapter, type ImportedStory } from './schema';
import { toParagraphs } from './text';
import { splitGenres, statusOf } from './txtHeader';

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

function documentTitle($: CheerioAPI): string {
  for (const selector of ['h1', 'h2', 'h3', 'title']) {
    const text = clean($(selector).first().text());
    if (text) return text;
  }
  return '';
}

/** Paragraphs from <p>; documents that use <div>/<br> instead fall back to the body's lines. */
function documentParagraphs($: CheerioAPI): string[] {
  const body = $('body').length ? $('body').first() : $.root().children();
  const fromP = body
    .find('p')
    .toArray()
    .map((p) => clean($(p).text()))
    .filter(Boolean);
  if (fromP.length) return fromP;
  body.find('h1, h2, h3, h4, h5, h6, script, style').remove();
  body.find('br').replaceWith('\n');
  body.find('div, li, section, blockquote').append('\n');
  return body.text().split('\n').map(clean).filter(Boolean);
}

/** A chapter from one content document, or null for a cover, image-only or title-only page. */
function documentChapter(markup: string, fallbackTitle: string): ImportedChapter | null {
  const $ = loadMarkup(markup);
  const title = documentTitle($);
  const paragraphs = documentParagraphs($);
  if (title && paragraphs.length && foldVietnamese(paragraphs[0]) === foldVietnamese(title)) paragraphs.shift();
  if (paragraphs.length === 0) return null;
  return { title: title || fallbackTitle, content: toParagraphs(paragraphs) };
}

/** Subjects become genres, except a status word ("Hoàn thành", "Full", "Đang ra") which sets the status. */
function genresAndStatus(subjects: readonly string[]): { genres: string[]; status: 'ongoing' | 'completed' } {
  let status: 'ongoing' | 'completed' = 'ongoing';
  const genres: string[] = [];
  for (const name of splitGenres(subjects.join(','))) {
    const named = statusOf(name);
    if (named) status = named;
    else genres.push(name);
  }
  return { genres, status };
}

/**
 * Parses an EPUB (2 or 3): META-INF/container.xml → OPF metadata (dc:title, dc:creator,
 * dc:description, dc:subject as genres) → spine documents in order, one chapter each.
 */
export async function parseEpub(bytes: Uint8Array, source = 'EPUB'): Promise<ImportedStory> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (error) {
    throw new ImportError(`${source}: không phải tệp EPUB (ZIP) hợp lệ: ${error instanceof Error ? error.message : String(error)}`);
  }
  const pkg = await readEpubPackage(zip, source);
  if (pkg.authors.length === 0) throw new ImportError(`${source}: ${pkg.opfPath} thiếu <dc:creator> (tác giả)`);

  const chapters: ImportedChapter[] = [];
  for (const file of pkg.documents) {
    const chapter = documentChapter(await readZipText(zip, file, source), `Chương ${chapters.length + 1}`);
    if (chapter) chapters.push(chapter);
  }
  if (chapters.length === 0) {
    throw new ImportError(`${source}: không có chương nào có nội dung <p> trong ${pkg.documents.length} tài liệu của spine`);
  }

  return validateImportedStory(
    {
      title: pkg.title,
      author: pkg.authors.join(', '),
      description: pkg.description,
      ...genresAndStatus(pkg.subjects),
      chapters,
    },
    source,
  );
}
