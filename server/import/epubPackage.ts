import path from 'node:path';
import type JSZip from 'jszip';
import { load, type CheerioAPI } from 'cheerio/slim';
import { ImportError } from './errors';

/** Parses XML/XHTML leniently: HTML entities such as &nbsp; decoded, self-closing tags honoured. */
export function loadMarkup(markup: string): CheerioAPI {
  return load(markup, {
    xml: { xmlMode: false, recognizeSelfClosing: true, decodeEntities: true, lowerCaseTags: true },
  });
}

export async function readZipText(zip: JSZip, file: string, source: string): Promise<string> {
  const entry = zip.file(file);
  if (!entry) throw new ImportError(`${source}: thiếu tệp '${file}' trong EPUB`);
  return (await entry.async('string')).replace(/^\uFEFF/, '');
}

/** Elements whose local name (without a namespace prefix such as `dc:` or `opf:`) is `name`. */
export function byLocalName($: CheerioAPI, name: string) {
  return $.root()
    .find('*')
    .toArray()
    .filter((el) => el.tagName.replace(/^.*:/, '') === name);
}

export interface EpubPackage {
  opfPath: string;
  title: string;
  authors: string[];
  description: string;
  subjects: string[];
  /** Content documents in reading order, as paths inside the archive. */
  documents: string[];
}

async function findOpfPath(zip: JSZip, source: string): Promise<string> {
  const container = loadMarkup(await readZipText(zip, 'META-INF/container.xml', source));
  const rootfile = byLocalName(container, 'rootfile')[0];
  const fullPath = rootfile?.attribs['full-path'];
  if (!fullPath) throw new ImportError(`${source}: META-INF/container.xml không có <rootfile full-path="…">`);
  return fullPath;
}

function resolveHref(opfPath: string, href: string): string {
  const clean = decodeURIComponent(href.replace(/#.*$/, ''));
  return path.posix.normalize(path.posix.join(path.posix.dirname(opfPath), clean)).replace(/^\.\//, '');
}

/** Texts of the metadata elements named `name`, one line each. */
function metadataTexts($: CheerioAPI, name: string): string[] {
  return byLocalName($, name)
    .map((el) => $(el).text().replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** dc:description as plain text, keeping its paragraphs when it carries HTML. */
function descriptionText($: CheerioAPI): string {
  return byLocalName($, 'description')
    .map((el) => {
      const raw = $(el).text();
      if (!/<[a-z]/i.test(raw)) return raw;
      const html = loadMarkup(`<div>${raw}</div>`);
      html('br').replaceWith('\n');
      html('p, div, li').append('\n');
      return html('div').first().text();
    })
    .join('\n');
}

/** Spine documents minus the navigation document and what the guide marks as cover or contents. */
function spineDocuments($: CheerioAPI, opfPath: string, source: string): string[] {
  const manifest = new Map<string, { href: string; properties: string; mediaType: string }>();
  for (const item of byLocalName($, 'item')) {
    const { id, href } = item.attribs;
    if (id && href) {
      manifest.set(id, { href, properties: item.attribs.properties ?? '', mediaType: item.attribs['media-type'] ?? '' });
    }
  }
  const skipped = new Set(
    byLocalName($, 'reference')
      .filter((ref) => /^(cover|toc|title-page)$/i.test(ref.attribs.type ?? ''))
      .map((ref) => resolveHref(opfPath, ref.attribs.href ?? '')),
  );
  const itemrefs = byLocalName($, 'itemref');
  if (itemrefs.length === 0) throw new ImportError(`${source}: ${opfPath} không có <spine> với <itemref>`);
  const documents: string[] = [];
  for (const ref of itemrefs) {
    const idref = ref.attribs.idref ?? '';
    const item = manifest.get(idref);
    if (!item) throw new ImportError(`${source}: ${opfPath}: spine nhắc tới idref '${idref}' không có trong <manifest>`);
    if (/\bnav\b/.test(item.properties) || !/html|xml/i.test(item.mediaType || 'html')) continue;
    const file = resolveHref(opfPath, item.href);
    if (!skipped.has(file)) documents.push(file);
  }
  return documents;
}

/** Reads META-INF/container.xml, then the OPF package: metadata and the spine's reading order. */
export async function readEpubPackage(zip: JSZip, source: string): Promise<EpubPackage> {
  const opfPath = await findOpfPath(zip, source);
  const $ = loadMarkup(await readZipText(zip, opfPath, source));
  const title = metadataTexts($, 'title')[0];
  if (!title) throw new ImportError(`${source}: ${opfPath} thiếu <dc:title>`);
  return {
    opfPath,
    title,
    authors: metadataTexts($, 'creator'),
    description: descriptionText($),
    subjects: metadataTexts($, 'subject'),
    documents: spineDocuments($, opfPath, source),
  };
}
