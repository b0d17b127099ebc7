import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES } from '../../db/schema';
import { zPerPage } from '../../http/paging';
import { AUDIT_TARGET_TYPES } from './audit';

/** Inputs of the operator endpoints (pages/api/admin/**) and the readers' reports (pages/api/reports/**). */

/** Ids arrive as strings (API.md) or numbers; both name a positive serial id. */
export const ZId = z
  .union([z.string().trim().regex(/^\d{1,10}$/), z.number().int()])
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

const ZPage = z.coerce.number().int().min(0).max(100_000).default(0);
const ZPaging = { page: ZPage, perpage: zPerPage };

/** A query-string value: the first of repeated ones, blank as absent. */
function firstValue(value: unknown): unknown {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() === '' ? undefined : first;
}

/** A query-string value: one string (the first of repeated ones), blank as absent. */
const ZQueryText = (max: number) => z.preprocess(firstValue, z.string().trim().max(max).optional());

/**
 * A filter of known values (one string, blank as absent): anything else is 400 with a message
 * naming `what` and the values, never silently no filter.
 */
const ZQueryChoice = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  z.preprocess(firstValue, z.enum(values, { error: `${what} không hợp lệ; dùng một trong: ${values.join(', ')}.` }).optional());

/** A filter of the shape `pattern` (identifiers written by the code, e.g. audit actions). */
const ZQueryToken = (pattern: RegExp, message: string) => z.preprocess(firstValue, z.string({ error: message }).regex(pattern, { error: message }).optional());

function text(min: number, max: number, what: string) {
  return z
    .string({ error: `${what} phải là văn bản.` })
    .trim()
    .min(min, { error: min > 1 ? `${what} cần ít nhất ${min} ký tự.` : `${what} không được để trống.` })
    .max(max, { error: `${what} tối đa ${max.toLocaleString('vi-VN')} ký tự.` });
}

/**
 * Actions are checked by shape rather than listed: new ones come with new operator commands, and
 * a well-formed action nothing recorded simply has no rows.
 */
export const ZAuditQuery = z.object({
  ...ZPaging,
  action: ZQueryToken(/^[a-z]+(\.[a-z_]+)+$/, 'Thao tác không hợp lệ: tên thao tác có dạng story.hide.'),
  targetType: ZQueryChoice(AUDIT_TARGET_TYPES, 'Loại đối tượng'),
  targetId: ZQueryToken(/^[\w.:-]{1,128}$/, 'Mã đối tượng không hợp lệ.'),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZReportsQuery = z.object({
  ...ZPaging,
  status: ZQueryChoice(REPORT_STATUSES, 'Trạng thái'),
  targetType: ZQueryChoice(['comment', 'review', 'story', 'copyright'], 'Loại báo cáo'),
});
export type TReportsQuery = z.infer<typeof ZReportsQuery>;

export const ZUpdateReportInput = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'Trạng thái không hợp lệ.' }),
  note: text(0, 2000, 'Ghi chú').optional(),
});
export type TUpdateReportInput = z.infer<typeof ZUpdateReportInput>;

export const ZHideInput = z.object({ reason: text(1, 500, 'Lý do') });
export const ZRestoreInput = z.object({ reason: text(0, 500, 'Lý do').optional().default('') });
export const ZStoryNoteInput = z.object({ note: text(1, 500, 'Ghi chú') });

export const ZUsersQuery = z.object({ ...ZPaging, query: ZQueryText(200) });
export type TUsersQuery = z.infer<typeof ZUsersQuery>;

export const ZMuteInput = z.object({
  days: z.coerce.number({ error: 'Số ngày phải từ 1 đến 365.' }).int({ error: 'Số ngày phải từ 1 đến 365.' }).min(1, { error: 'Số ngày phải từ 1 đến 365.' }).max(365, { error: 'Số ngày phải từ 1 đến 365.' }),
  reason: text(1, 500, 'Lý do'),
});
export type TMuteInput = z.infer<typeof ZMuteInput>;

export const ZStoriesQuery = z.object({
  ...ZPaging,
  query: ZQueryText(200),
  hidden: ZQueryChoice(['true', 'false'], 'Bộ lọc ẩn/hiện'),
  origin: ZQueryChoice(['native', 'embedded'], 'Nguồn truyện'),
});
export type TStoriesQuery = z.infer<typeof ZStoriesQuery>;

export const ZUpdateStoryInput = z
  .object({
    title: text(1, 300, 'Tên truyện').optional(),
    author: text(1, 200, 'Tác giả').optional(),
    genres: z.array(z.string().trim().min(1).max(100)).max(30).optional(),
    status: z.enum(['ongoing', 'completed'], { error: 'Trạng thái không hợp lệ.' }).optional(),
    description: z.string().trim().max(20_000, { error: 'Giới thiệu tối đa 20.000 ký tự.' }).optional(),
    cover: z
      .string()
      .trim()
      .max(2000)
      .refine((value) => value === '' || /^(https?:\/\/|\/)/.test(value), { error: 'Ảnh bìa phải là một địa chỉ http(s) hoặc đường dẫn trên trang.' })
      .nullable()
      .optional(),
  })
  .strict();
export type TUpdateStoryInput = z.infer<typeof ZUpdateStoryInput>;

export const ZOrdersQuery = z.object({
  ...ZPaging,
  query: ZQueryText(200),
  status: ZQueryChoice(['pending', 'paid', 'cancelled', 'failed'], 'Trạng thái đơn'),
});
export type TOrdersQuery = z.infer<typeof ZOrdersQuery>;

export const ZGrantVipInput = z.object({
  email: z.string().trim().min(3).max(320),
  days: z.coerce.number({ error: 'Số ngày phải từ 1 đến 3650.' }).int().min(1, { error: 'Số ngày phải từ 1 đến 3650.' }).max(3650, { error: 'Số ngày phải từ 1 đến 3650.' }),
  reason: text(1, 500, 'Lý do'),
});
export type TGrantVipInput = z.infer<typeof ZGrantVipInput>;

export const ZCreateReportInput = z.object({
  targetType: z.enum(['comment', 'review', 'story'], { error: 'Nội dung báo cáo không hợp lệ.' }),
  targetId: ZId,
  reason: z.enum(REPORT_REASONS, { error: 'Hãy chọn lý do báo cáo.' }),
  detail: z.string().trim().max(1000, { error: 'Mô tả tối đa 1.000 ký tự.' }).optional().default(''),
});
export type TCreateReportInput = z.infer<typeof ZCreateReportInput>;

export const ZCopyrightReportInput = z.object({
  name: text(1, 200, 'Họ tên'),
  email: z.string().trim().max(320).pipe(z.email({ error: 'Email không hợp lệ.' })),
  links: z.array(z.string().trim().max(2000)).min(1, { error: 'Hãy nêu ít nhất một đường dẫn truyện.' }).max(20, { error: 'Tối đa 20 đường dẫn.' }),
  statement: text(20, 5000, 'Nội dung'),
});
export type TCopyrightReportInput = z.infer<typeof ZCopyrightReportInput>;

export const ZDictionaryUploadInput = z.object({
  kind: z.enum(['vietphrase', 'names'], { error: 'Loại từ điển không hợp lệ.' }),
  name: text(1, 200, 'Tên tệp'),
  text: z
    .string()
    .min(1, { error: 'Tệp trống.' })
    .max(50 * 2 ** 20, { error: 'Tệp lớn hơn 50 MB.' }),
});

export const ZDictionaryTryInput = z.object({ text: text(1, 2000, 'Câu thử') });

/** `{id}` of a path: a serial id (comments, reviews, reports, stories) or an account's uid. */
export const ZIdParam = z.object({ id: ZId });
export const ZUserIdParam = z.object({ id: z.string().trim().min(1).max(128) });
