import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { StoryNames } from '@/lib/api/embedding';
import { MAX_NAMES_PER_READER, NAME_ORIGINAL_MAX_CHARS, NAME_TRANSLATION_MAX_CHARS } from '@/lib/namesList';
import type { Database } from '@/server/db/client';
import { chapters, stories, storyNames } from '@/server/db/schema';
import { badRequest, notFound } from '@/server/http/errors';
import { assertMayWrite } from '@/server/services/admin/mutes';

const HAN = /\p{Script=Han}/u;

const ZNameKey = z
  .string()
  .trim()
  .min(1)
  .max(NAME_ORIGINAL_MAX_CHARS)
  .refine((key) => HAN.test(key) && !/[=\n\r/]/.test(key), 'Tên gốc phải là chữ Hán, không chứa "=" hay "/".');
const ZNameValue = z
  .string()
  .trim()
  .min(1)
  .max(NAME_TRANSLATION_MAX_CHARS)
  .refine((value) => !/[=\n\r]/.test(value), 'Tên dịch không được chứa "=" hay xuống dòng.');

export const ZStoryIdParam = z.string().regex(/^\d{1,9}$/, 'Mã truyện không hợp lệ.');

export const ZSaveStoryNamesInput = z.object({
  storyId: ZStoryIdParam,
  names: z
    .record(ZNameKey, ZNameValue)
    .refine((names) => Object.keys(names).length <= MAX_NAMES_PER_READER, `Tối đa ${MAX_NAMES_PER_READER} tên cho mỗi truyện.`),
});
export type TSaveStoryNamesInput = z.infer<typeof ZSaveStoryNamesInput>;

/** The body of PUT /api/embedding/names; 400 with the first problem in Vietnamese. */
export function parseSaveStoryNamesInput(body: unknown): TSaveStoryNamesInput {
  const parsed = ZSaveStoryNamesInput.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const custom = issue?.code === 'custom' ? issue.message : undefined;
    throw badRequest(custom ?? 'Danh sách tên không hợp lệ: mỗi dòng có dạng 中文=Tên dịch.');
  }
  return parsed.data;
}

/**
 * The names list of a story: every reader's entries, the most recently saved list winning where
 * two readers name the same word differently.
 */
export async function storyNamesOf(database: Database, storyId: number): Promise<Record<string, string>> {
  const rows = await database
    .select({ entries: storyNames.entries })
    .from(storyNames)
    .where(eq(storyNames.storyId, storyId))
    .orderBy(asc(storyNames.updatedAt));
  return Object.assign({}, ...rows.map((row) => row.entries)) as Record<string, string>;
}

async function requireEmbeddedStory(database: Database, storyId: number): Promise<void> {
  const [story] = await database
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.origin, 'embedded'), eq(stories.hidden, false)))
    .limit(1);
  if (!story) throw notFound('Không tìm thấy truyện nhúng.');
}

/** The story's names and the reader's own list, for the names editor. */
export async function readStoryNames(database: Database, storyId: number, userId: string | null): Promise<StoryNames> {
  await requireEmbeddedStory(database, storyId);
  const names = await storyNamesOf(database, storyId);
  let mine: Record<string, string> = {};
  if (userId) {
    const [row] = await database
      .select({ entries: storyNames.entries })
      .from(storyNames)
      .where(and(eq(storyNames.storyId, storyId), eq(storyNames.userId, userId)))
      .limit(1);
    mine = row?.entries ?? {};
  }
  return { storyId: String(storyId), names, mine };
}

/**
 * Replaces a reader's names list for a story (403 while the reader is muted: every reader of the
 * story reads these names). Chapters already fetched keep their original text and lose their
 * converted text, so each is converted again with the new names when next read.
 */
export async function saveReaderNames(
  database: Database,
  userId: string,
  storyId: number,
  entries: Record<string, string>,
): Promise<StoryNames> {
  await assertMayWrite(database, userId);
  await requireEmbeddedStory(database, storyId);
  const now = new Date();
  await database.transaction(async (tx) => {
    await tx
      .insert(storyNames)
      .values({ storyId, userId, entries, updatedAt: now })
      .onConflictDoUpdate({ target: [storyNames.storyId, storyNames.userId], set: { entries, updatedAt: now } });
    await tx
      .update(chapters)
      .set({ content: null, updatedAt: now })
      .where(and(eq(chapters.storyId, storyId), isNotNull(chapters.sourceText)));
  });
  return readStoryNames(database, storyId, userId);
}
