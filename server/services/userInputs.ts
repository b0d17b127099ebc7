import { z } from 'zod';

/** Inputs of the reader endpoints (pages/api/user/**), parsed at the boundary. */

const ZStoryId = z.union([z.string(), z.number().int()]).transform(String).pipe(z.string().min(1).max(20));
const ZChapter = z.coerce.number().int().min(1).max(1_000_000);
const ZTime = z.coerce.number().int().min(0).max(8_640_000_000_000);

export const ZBookmarkItem = z.object({
  _id: ZStoryId,
  chapter: ZChapter.catch(1),
  save: z.boolean().default(false),
  time: ZTime.catch(0),
});

export const ZMergeBookmarksInput = z.object({ data: z.array(ZBookmarkItem).max(2_000) });
export type TMergeBookmarksInput = z.infer<typeof ZMergeBookmarksInput>;

export const ZSaveBookmarkInput = z.object({
  _id: ZStoryId,
  save: z.boolean(),
  chapter: ZChapter.optional(),
  time: ZTime.optional(),
});
export type TSaveBookmarkInput = z.infer<typeof ZSaveBookmarkInput>;

export const ZRemoveBookmarkInput = z.object({ _id: ZStoryId });

export const ZHistoryInput = z.object({
  chapter: ZChapter,
  truyenId: ZStoryId,
  audio_time: z.coerce.number().int().min(0).max(1_000_000).default(1),
});
export type THistoryInput = z.infer<typeof ZHistoryInput>;

export const ZUpdateProfileInput = z.object({
  username: z.string().trim().min(2, 'Tên hiển thị cần ít nhất 2 ký tự.').max(40, 'Tên hiển thị tối đa 40 ký tự.'),
});

export const ZDeleteUserInput = z.object({ token: z.string().optional() });

/** Missing or blank fields are not an error here: the answer is simply false (spec §5). */
export const ZBookVipInput = z.object({
  email: z.string().trim().optional().catch(undefined),
  slug: z.string().trim().optional().catch(undefined),
});
