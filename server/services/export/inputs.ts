import { z } from 'zod';
import { EXPORT_FORMATS, LINE_ENDINGS } from '@/lib/export';
import { ZReaderNames } from '@/server/services/embedding/readerInputs';

const ZChapterEnd = z.union([z.number().int().min(0).max(9_999_999), z.string().max(9), z.null()]).optional();

/** The body of POST /api/export/prepare and /api/export/file. */
export const ZExportInput = z.object({
  slug: z.string().trim().min(1).max(200),
  from: ZChapterEnd,
  to: ZChapterEnd,
  format: z.enum(EXPORT_FORMATS).default('epub'),
  lineEnding: z.enum(LINE_ENDINGS).default('lf'),
  /** An anonymous reader's own names for the story (kept on the device); ignored for a signed-in one. */
  names: ZReaderNames.optional(),
});
export type TExportInput = z.infer<typeof ZExportInput>;
