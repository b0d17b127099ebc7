import { z } from 'zod';
import { MAX_NAMES_PER_READER, originalProblem, translationProblem } from '@/lib/namesList';
import { badRequest } from '@/server/http/errors';
import { ZChapterSign } from '@/server/http/signedChapter';

/**
 * Bodies of the reader's own conversions (POST /api/embedding/chapter, chapter-detail, reconvert,
 * lookup): bounded, and a names list checked entry by entry as the names editor checks it.
 */

/** Paragraphs one re-conversion may ask for; a chapter has a few hundred at most. */
export const MAX_RECONVERT_LINES = 400;
/** Pieces of Chinese one look-up may ask for (a word and its neighbours). */
export const MAX_LOOKUP_KEYS = 8;

/** A reader's own list sent along (anonymous readers keep theirs on the device). */
export const ZReaderNames = z
  .record(z.string().max(200), z.string().max(200))
  .superRefine((names, ctx) => {
    const entries = Object.entries(names);
    if (entries.length > MAX_NAMES_PER_READER) {
      ctx.addIssue({ code: 'custom', message: `Tối đa ${MAX_NAMES_PER_READER} tên cho mỗi truyện.` });
      return;
    }
    for (const [original, translation] of entries) {
      const problem = originalProblem(original.trim()) ?? translationProblem(translation.trim());
      if (problem) {
        ctx.addIssue({ code: 'custom', message: `Tên “${original.slice(0, 30)}” không hợp lệ: ${problem}` });
        return;
      }
    }
  })
  .transform((names) => Object.fromEntries(Object.entries(names).map(([original, translation]) => [original.trim(), translation.trim()])));

const ZStoryId = z.union([z.string().regex(/^\d{1,9}$/), z.number().int().positive().max(999_999_999)]).transform(Number);

export const ZSignedChapterInput = z.object({ sign: ZChapterSign, names: ZReaderNames.optional() });

export const ZReconvertInput = z.object({
  sign: ZChapterSign,
  lines: z.array(z.number().int().min(0).max(100_000)).min(1).max(MAX_RECONVERT_LINES),
  names: ZReaderNames.optional(),
});

const ZLookupKey = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .refine((key) => /^[\p{Script=Han}·•]+$/u.test(key), 'Chỉ tra được chữ Hán.');

export const ZLookupInput = z.object({ storyId: ZStoryId, keys: z.array(ZLookupKey).min(1).max(MAX_LOOKUP_KEYS) });

type Issue = { code: string; message: string; issues?: Issue[] };

function customMessage(issues: readonly Issue[]): string | undefined {
  for (const issue of issues) {
    if (issue.code === 'custom') return issue.message;
    const nested = issue.issues && customMessage(issue.issues);
    if (nested) return nested;
  }
  return undefined;
}

/** Parses a body; 400 with its first problem in Vietnamese. */
export function parseReaderInput<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw badRequest(customMessage(parsed.error.issues as Issue[]) ?? 'Dữ liệu không hợp lệ.');
}
