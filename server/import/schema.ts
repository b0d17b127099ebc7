import { z } from 'zod';
import { ImportError } from './errors';
import { toParagraphs } from './text';

/** Limits of one imported story; generous for real web novels, small enough to refuse garbage. */
export const IMPORT_LIMITS = {
  titleLength: 200,
  authorLength: 100,
  descriptionLength: 20_000,
  genreCount: 20,
  genreNameLength: 50,
  coverLength: 1_000,
  slugLength: 80,
  chapterCount: 20_000,
  chapterTitleLength: 300,
  chapterContentLength: 1_000_000,
} as const;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COVER_PATTERN = /^(?:https?:\/\/|\/)\S+$/;

/** Paragraphs one per line, whatever line ends or blank lines the source used. */
const paragraphs = (text: string) => toParagraphs(text.split(/\r\n?|\n/));

const requiredText = (max: number) =>
  z
    .string({ error: 'phải là chuỗi ký tự' })
    .trim()
    .min(1, 'không được để trống')
    .max(max, `dài quá ${max} ký tự`);

export const ZImportedChapter = z.strictObject({
  title: requiredText(IMPORT_LIMITS.chapterTitleLength),
  content: requiredText(IMPORT_LIMITS.chapterContentLength).transform(paragraphs),
});

export const ZImportedStory = z.strictObject({
  title: requiredText(IMPORT_LIMITS.titleLength),
  author: requiredText(IMPORT_LIMITS.authorLength),
  description: z
    .string({ error: 'phải là chuỗi ký tự' })
    .max(IMPORT_LIMITS.descriptionLength, `dài quá ${IMPORT_LIMITS.descriptionLength} ký tự`)
    .default('')
    .transform(paragraphs),
  status: z.enum(['ongoing', 'completed'], { error: "phải là 'ongoing' hoặc 'completed'" }).default('ongoing'),
  genres: z
    .array(requiredText(IMPORT_LIMITS.genreNameLength))
    .max(IMPORT_LIMITS.genreCount, `nhiều nhất ${IMPORT_LIMITS.genreCount} thể loại`)
    .default([]),
  cover: z
    .string()
    .trim()
    .max(IMPORT_LIMITS.coverLength)
    .regex(COVER_PATTERN, 'phải là URL http(s):// hoặc đường dẫn bắt đầu bằng /')
    .optional(),
  slug: z
    .string()
    .trim()
    .max(IMPORT_LIMITS.slugLength)
    .regex(SLUG_PATTERN, 'chỉ gồm chữ thường không dấu, số và dấu gạch ngang')
    .optional(),
  chapters: z
    .array(ZImportedChapter)
    .min(1, 'cần ít nhất một chương')
    .max(IMPORT_LIMITS.chapterCount, `nhiều nhất ${IMPORT_LIMITS.chapterCount} chương`),
});

export type ImportedChapter = z.infer<typeof ZImportedChapter>;
export type ImportedStory = z.infer<typeof ZImportedStory>;
/** The shape a parser or a JSON file supplies before defaults are applied. */
export type ImportedStoryInput = z.input<typeof ZImportedStory>;

/** Lists zod issues one per line as `field path: message`, e.g. `chapters.3.content: không được để trống`. */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(gốc)'}: ${issue.message}`)
    .join('\n');
}

/** Validates a parsed story; `source` names the file or format in the error. */
export function validateImportedStory(data: unknown, source: string): ImportedStory {
  const parsed = ZImportedStory.safeParse(data);
  if (!parsed.success) throw new ImportError(`${source}: dữ liệu truyện không hợp lệ:\n${formatIssues(parsed.error)}`);
  return parsed.data;
}
