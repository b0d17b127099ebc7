import { z } from 'zod';
import type { NamePackImport } from '@/lib/api/embedding';
import { namePackSizeProblem, previewNamePack } from '@/lib/namePack';
import type { Database } from '@/server/db/client';
import { HttpError } from '@/server/http/errors';
import { enforceRateLimit, type RateLimitRule } from '@/server/services/rateLimit';
import { parseNamesInput, readerNamesOf, readStoryNames, requireEmbeddedStory, writeReaderNames, ZStoryIdParam } from './names';

/**
 * Name packs read into a reader's own list (POST /api/embedding/names/import): a QuickTranslator
 * Names file's text, each line added, changed or skipped with its reason (lib/namePack.ts). The
 * reader's own list only: no other reader's text and no stored chapter changes.
 */

/** Pack imports (previews included) a reader may make per window. */
export const NAME_PACK_RULE: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 };

export const ZImportNamePackInput = z.object({
  storyId: ZStoryIdParam,
  text: z.string({ error: 'Cần nội dung tệp bộ tên.' }),
  dryRun: z.boolean().optional().default(false),
});

export const parseImportNamePackInput = (body: unknown) => parseNamesInput(ZImportNamePackInput, body, 'Cần mã truyện và nội dung tệp bộ tên.');

/** Reads a pack into the reader's list, or with `dryRun` says what it would do; 413 beyond 256 KB, 429 beyond NAME_PACK_RULE. */
export async function importNamePack(database: Database, userId: string, storyId: number, text: string, dryRun: boolean, now = new Date()): Promise<NamePackImport> {
  const tooLarge = namePackSizeProblem(text);
  if (tooLarge) throw new HttpError(413, tooLarge);
  await requireEmbeddedStory(database, storyId);
  await enforceRateLimit(database, `names-import:${userId}`, NAME_PACK_RULE, 'Bạn nhập bộ tên quá nhiều lần trong thời gian ngắn.', now.getTime());
  const preview = await database.transaction(async (tx) => {
    const result = previewNamePack(text, await readerNamesOf(tx, storyId, userId));
    if (!dryRun && result.counts.added + result.counts.changed > 0) await writeReaderNames(tx, userId, storyId, result.names, now);
    return result;
  });
  const { added, changed, skipped, counts } = preview;
  return { added, changed, skipped, counts, dryRun, names: await readStoryNames(database, storyId, userId) };
}
