import { z, ZodError, type ZodType } from 'zod';
import { MAX_COMMENT_LENGTH, MAX_REVIEW_LENGTH } from '@/lib/api/community';
import { badRequest, HttpError } from '../http/errors';
import { zPerPage } from '../http/paging';

/** Inputs of the reviews and comments endpoints (pages/api/reviews/**, pages/api/comments/**). */


/** Ids arrive as strings (API.md) or numbers; both name a positive serial id. */
const ZId = z
  .union([z.string().trim().regex(/^\d{1,10}$/), z.number().int()])
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

const ZPage = z.coerce.number().int().min(0).max(100_000).default(0);
const ZPerPage = zPerPage;

const ZChapter = z.coerce.number().int().min(1).max(1_000_000);

/** Plain text, trimmed; markup is kept as typed and only ever rendered as text. */
function plainText(max: number, what: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${what} không được để trống.` : `${what} phải là văn bản.`) })
    .trim()
    .min(1, { error: `${what} không được để trống.` })
    .max(max, { error: `${what} tối đa ${max.toLocaleString('vi-VN')} ký tự.` });
}

export const ZSearchReviewsInput = z.object({
  truyenId: ZId,
  page: ZPage,
  perpage: ZPerPage,
  sort: z.enum(['new', 'liked'], { error: 'Kiểu sắp xếp không hợp lệ; dùng new hoặc liked.' }).default('new'),
});
export type TSearchReviewsInput = z.infer<typeof ZSearchReviewsInput>;

export const ZSaveReviewInput = z.object({
  truyenId: ZId,
  rating: z.coerce.number({ error: 'Hãy chọn số sao từ 1 đến 5.' }).int({ error: 'Hãy chọn số sao từ 1 đến 5.' }).min(1, { error: 'Hãy chọn số sao từ 1 đến 5.' }).max(5, { error: 'Hãy chọn số sao từ 1 đến 5.' }),
  content: plainText(MAX_REVIEW_LENGTH, 'Nội dung đánh giá'),
});
export type TSaveReviewInput = z.infer<typeof ZSaveReviewInput>;

export const ZReviewIdInput = z.object({ reviewId: ZId });

export const ZTopLevelCommentsInput = z.object({
  truyenId: ZId,
  chapter: ZChapter.optional(),
  page: ZPage,
  perpage: ZPerPage,
});
export type TTopLevelCommentsInput = z.infer<typeof ZTopLevelCommentsInput>;

export const ZChildCommentsInput = z.object({ commentId: ZId, page: ZPage, perpage: ZPerPage });
export type TChildCommentsInput = z.infer<typeof ZChildCommentsInput>;

export const ZCreateCommentInput = z.object({
  truyenId: ZId,
  content: plainText(MAX_COMMENT_LENGTH, 'Bình luận'),
  parentId: ZId.optional().nullable(),
  chapter: ZChapter.optional().nullable(),
});
export type TCreateCommentInput = z.infer<typeof ZCreateCommentInput>;

export const ZUpdateCommentInput = z.object({ commentId: ZId, content: plainText(MAX_COMMENT_LENGTH, 'Bình luận') });
export type TUpdateCommentInput = z.infer<typeof ZUpdateCommentInput>;

export const ZCommentIdInput = z.object({ commentId: ZId });

/**
 * Parses a request body. The first problem becomes the error: an over-long text is 413 with the
 * schema's Vietnamese message, anything else 400 (the schema's message, or one naming the field).
 */
export function parseInput<T>(schema: ZodType<T>, body: unknown): T {
  try {
    return schema.parse(body ?? {}, {
      error: (issue) => `Dữ liệu không hợp lệ ở trường "${issue.path?.join('.') ?? ''}".`,
    });
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const issue = error.issues[0];
    if (issue?.code === 'too_big' && issue.origin === 'string') throw new HttpError(413, issue.message);
    throw badRequest(issue?.message);
  }
}
