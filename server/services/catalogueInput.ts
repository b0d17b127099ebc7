import { z, type ZodType } from 'zod';
import { CHAPTER_OPTIONS, MAX_PER_PAGE, SORT_OPTIONS, type ChapterKey, type SortKey } from '@/lib/constants';
import { MAX_PAGE } from '@/lib/routes';
import { badRequest } from '../http/errors';
import { zPerPage } from '../http/paging';

export { MAX_PAGE };
export const MAX_KEYWORD_LENGTH = 100;

const SORT_KEYS = SORT_OPTIONS.map((option) => option.key) as [SortKey, ...SortKey[]];
const CHAPTER_KEYS = CHAPTER_OPTIONS.map((option) => option.key) as [ChapterKey, ...ChapterKey[]];

/** Vietnamese messages per field, so a bad filter says what is wrong with it. */
const FIELD_MESSAGES: Record<string, string> = {
  keyword: `Từ khóa tìm kiếm không hợp lệ (tối đa ${MAX_KEYWORD_LENGTH} ký tự).`,
  cats: 'Bộ lọc thể loại không hợp lệ: cats phải là một mảng JSON tên thể loại, ví dụ ["Tiên Hiệp"].',
  chapters: `Bộ lọc số chương không hợp lệ; dùng một trong: ${CHAPTER_KEYS.join(', ')}.`,
  author: 'Tên tác giả không hợp lệ.',
  status: 'Trạng thái không hợp lệ; dùng ongoing hoặc completed.',
  sort: `Kiểu xếp hạng không hợp lệ; dùng một trong: ${SORT_KEYS.join(', ')}.`,
  type: `Kiểu xếp hạng không hợp lệ; dùng một trong: ${SORT_KEYS.join(', ')}.`,
  page: `Số trang không hợp lệ: phải là số nguyên từ 0 đến ${MAX_PAGE}.`,
  perpage: `Số truyện mỗi trang không hợp lệ: phải là số nguyên từ 1 (tối đa ${MAX_PER_PAGE} truyện một trang).`,
  id: 'Mã truyện không hợp lệ.',
  slug: 'Đường dẫn truyện không hợp lệ.',
};

/** Parses with a schema; the first problem becomes a 400 with its field's Vietnamese message. */
export function parseInput<T>(schema: ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  throw badRequest(FIELD_MESSAGES[field] ?? issue?.message ?? 'Dữ liệu không hợp lệ.');
}

/** Blank query values ('' or missing) mean "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const integerText = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

export const zPage = z.preprocess(blankToUndefined, integerText.pipe(z.number().int().min(0).max(MAX_PAGE)).default(0));
export { zPerPage };
export const zSortKey = z.enum(SORT_KEYS);
export const zChapterKey = z.enum(CHAPTER_KEYS);

/** `cats`: an array of genre names, or its JSON text (as in /truyen?cats=["Tiên Hiệp"]). */
export const zCats = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return Symbol('malformed');
  }
}, z.array(z.string().trim().min(1).max(60)).max(10).optional());

const text = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

export const ZSearchInput = z.object({
  keyword: text(MAX_KEYWORD_LENGTH),
  cats: zCats,
  chapters: z.preprocess(blankToUndefined, zChapterKey.optional()),
  author: text(120),
  status: z.preprocess(blankToUndefined, z.enum(['ongoing', 'completed']).optional()),
  sort: z.preprocess(blankToUndefined, zSortKey.optional()),
  page: zPage,
  perpage: zPerPage,
});
export type TSearchInput = z.infer<typeof ZSearchInput>;

export const ZTopInput = z.object({ type: zSortKey, page: zPage, perpage: zPerPage });
export type TTopInput = z.infer<typeof ZTopInput>;

export const ZStoryIdInput = z.object({ id: z.string().regex(/^\d{1,10}$/).transform(Number) });
export const ZSlugInput = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/) });
