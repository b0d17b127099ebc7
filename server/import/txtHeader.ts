import { foldVietnamese } from '@/lib/text/fold';
import { ImportError } from './errors';
import { toParagraphs } from './text';

/** The story metadata written as `Key: value` lines before the first chapter of a TXT file. */
export interface TxtHeader {
  title?: string;
  author?: string;
  description: string;
  status: 'ongoing' | 'completed';
  genres: string[];
  cover?: string;
  slug?: string;
}

type HeaderField = 'title' | 'author' | 'genres' | 'status' | 'description' | 'cover' | 'slug';

/** Accepted keys, folded (accent- and case-insensitive). */
const KEYS: Record<string, HeaderField> = {
  'ten truyen': 'title',
  title: 'title',
  'tac gia': 'author',
  author: 'author',
  'the loai': 'genres',
  genres: 'genres',
  genre: 'genres',
  'trang thai': 'status',
  'tinh trang': 'status',
  status: 'status',
  'mo ta': 'description',
  'gioi thieu': 'description',
  description: 'description',
  'anh bia': 'cover',
  cover: 'cover',
  slug: 'slug',
  'duong dan': 'slug',
};

const KEY_NAMES = 'Tên truyện, Tác giả, Thể loại, Trạng thái, Mô tả, Ảnh bìa, Slug';

const STATUSES: Record<string, 'ongoing' | 'completed'> = {
  'dang ra': 'ongoing',
  'con tiep': 'ongoing',
  'dang tien hanh': 'ongoing',
  ongoing: 'ongoing',
  'hoan thanh': 'completed',
  'da hoan thanh': 'completed',
  full: 'completed',
  completed: 'completed',
};

const KEY_LINE = /^([^:：]{1,40})[:：]\s*(.*)$/;

/** The status a word such as "Đang ra", "Hoàn thành" or "Full" stands for, if any. */
export function statusOf(value: string): 'ongoing' | 'completed' | undefined {
  return STATUSES[foldVietnamese(value)];
}

export function parseStatus(value: string, where: string): 'ongoing' | 'completed' {
  const status = statusOf(value);
  if (!status) throw new ImportError(`${where}: trạng thái '${value}' không hợp lệ (dùng Đang ra, Hoàn thành hoặc Full)`);
  return status;
}

/** Genre names from a comma- or semicolon-separated list, without blanks or repeats. */
export function splitGenres(value: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of value.split(/[,;，、]/)) {
    const name = raw.replace(/\s+/g, ' ').trim();
    const key = foldVietnamese(name);
    if (name && !seen.has(key)) {
      seen.add(key);
      names.push(name);
    }
  }
  return names;
}

/**
 * Reads the header lines; `firstLine` is the 1-based line number of lines[0], so every error
 * names the line it is about. Lines after `Mô tả:` that are not another key continue the description.
 */
export function parseTxtHeader(lines: readonly string[], firstLine: number, source: string): TxtHeader {
  const header: TxtHeader = { description: '', status: 'ongoing', genres: [] };
  const seenAt = new Map<HeaderField, number>();
  const descriptionLines: string[] = [];
  let inDescription = false;

  lines.forEach((raw, i) => {
    const lineNo = firstLine + i;
    const where = `${source} dòng ${lineNo}`;
    const line = raw.trim();
    if (!line) return;
    const match = KEY_LINE.exec(line);
    const field = match ? KEYS[foldVietnamese(match[1])] : undefined;
    if (!match || !field) {
      if (inDescription) {
        descriptionLines.push(line);
        return;
      }
      const hint = match ? `mục '${match[1].trim()}' không được hỗ trợ` : `cần dạng 'Khóa: giá trị'`;
      throw new ImportError(`${where}: ${hint} (các mục: ${KEY_NAMES}); chương đầu tiên phải bắt đầu bằng 'Chương 1'`);
    }
    const previous = seenAt.get(field);
    if (previous !== undefined) throw new ImportError(`${where}: mục '${match[1].trim()}' lặp lại (đã có ở dòng ${previous})`);
    seenAt.set(field, lineNo);
    inDescription = field === 'description';
    const value = match[2].trim();
    switch (field) {
      case 'description':
        if (value) descriptionLines.push(value);
        break;
      case 'genres':
        header.genres = splitGenres(value);
        break;
      case 'status':
        header.status = parseStatus(value, where);
        break;
      default:
        if (!value) throw new ImportError(`${where}: mục '${match[1].trim()}' không có giá trị`);
        header[field] = value;
    }
  });
  header.description = toParagraphs(descriptionLines);
  return header;
}
