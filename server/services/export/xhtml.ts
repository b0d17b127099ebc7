/**
 * Text made safe for the XML of an EPUB: every piece of a chapter (title and paragraphs) is text,
 * never markup, and characters XML 1.0 forbids are dropped.
 */

// XML 1.0 allows tab, line feed, carriage return and U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text for an XML element or a double-quoted attribute. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The paragraphs of a stored chapter (one a line), blank lines dropped. */
export function paragraphsOf(content: string): string[] {
  return content
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** A chapter's heading as the file shows it: "Chương N: title", unless the title already begins so. */
export function chapterHeading(index: number, title: string): string {
  const trimmed = title.trim();
  if (/^chương\s+\d+/iu.test(trimmed)) return trimmed;
  return trimmed ? `Chương ${index}: ${trimmed}` : `Chương ${index}`;
}

/** One XHTML content document of the book (a chapter, the description page). */
export function xhtmlPage(title: string, body: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE html>',
    '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="vi" xml:lang="vi">',
    '<head>',
    `<meta charset="UTF-8"/>`,
    `<title>${xmlText(title)}</title>`,
    '<link rel="stylesheet" type="text/css" href="style.css"/>',
    '</head>',
    `<body>`,
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A chapter's page: its heading and its paragraphs, all as text. */
export function chapterXhtml(index: number, title: string, content: string): string {
  const heading = chapterHeading(index, title);
  const paragraphs = paragraphsOf(content).map((paragraph) => `<p>${xmlText(paragraph)}</p>`);
  return xhtmlPage(heading, [`<section epub:type="chapter" id="c${index}">`, `<h2>${xmlText(heading)}</h2>`, ...paragraphs, '</section>'].join('\n'));
}
