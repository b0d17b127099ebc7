import { ImportError } from './errors';
import { validateImportedStory, type ImportedStory } from './schema';
import { decodeUtf8, toParagraphs } from './text';
import { parseTxtHeader } from './txtHeader';

/**
 * A chapter heading line: "Chương 1: Khởi đầu", "Chương 12 - Gặp lại", "CHƯƠNG 3", "Chuong 4."
 * The number must be followed by the end of the line or a separator, so a paragraph that merely
 * starts with "Chương 5 này…" is not taken for a heading.
 */
const HEADING = /^(?:chương|chuong)\s+(\d{1,6})\s*(?:[:：.\-–—]\s*(.*))?$/iu;

interface Heading {
  number: number;
  title: string;
  /** Index into the lines array. */
  at: number;
}

export function parseHeading(line: string): { number: number; title: string } | null {
  const match = HEADING.exec(line.trim());
  if (!match) return null;
  const number = Number(match[1]);
  const name = (match[2] ?? '').replace(/\s+/g, ' ').trim();
  return { number, title: name ? `Chương ${number}: ${name}` : `Chương ${number}` };
}

function findHeadings(lines: readonly string[], source: string): Heading[] {
  const headings: Heading[] = [];
  lines.forEach((line, at) => {
    const heading = parseHeading(line);
    if (!heading) return;
    const previous = headings[headings.length - 1];
    if (previous && heading.number <= previous.number) {
      throw new ImportError(
        `${source} dòng ${at + 1}: số chương ${heading.number} phải lớn hơn chương trước ` +
          `(${previous.number} ở dòng ${previous.at + 1})`,
      );
    }
    headings.push({ ...heading, at });
  });
  return headings;
}

/**
 * Parses a UTF-8 TXT story: a header block of `Key: value` lines (Tên truyện, Tác giả, Thể loại,
 * Trạng thái, Mô tả, …), then chapters, each starting at a "Chương N" heading. Each non-blank line
 * of a chapter is one paragraph.
 */
export function parseTxt(bytes: Uint8Array, source = 'TXT'): ImportedStory {
  const lines = decodeUtf8(bytes, source).split('\n');
  const headings = findHeadings(lines, source);
  if (headings.length === 0) {
    throw new ImportError(
      `${source}: không tìm thấy tiêu đề chương nào (dòng 1–${lines.length}); ` +
        `mỗi chương phải bắt đầu bằng một dòng như 'Chương 1: Tên chương'`,
    );
  }

  const firstAt = headings[0].at;
  const header = parseTxtHeader(lines.slice(0, firstAt), 1, source);
  const headerRange = firstAt > 0 ? `dòng 1–${firstAt}` : 'trước dòng 1';
  if (!header.title) {
    throw new ImportError(`${source} ${headerRange}: thiếu 'Tên truyện: …' trước chương đầu tiên (dòng ${firstAt + 1})`);
  }
  if (!header.author) {
    throw new ImportError(`${source} ${headerRange}: thiếu 'Tác giả: …' trước chương đầu tiên (dòng ${firstAt + 1})`);
  }

  const chapters = headings.map((heading, i) => {
    const end = i + 1 < headings.length ? headings[i + 1].at : lines.length;
    const content = toParagraphs(lines.slice(heading.at + 1, end));
    if (!content) throw new ImportError(`${source} dòng ${heading.at + 1}: '${heading.title}' không có nội dung`);
    return { title: heading.title, content };
  });

  return validateImportedStory({ ...header, chapters }, source);
}
