import { and, asc, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { NameProposal, SharedName, StoryNames } from '@/lib/api/embedding';
import { MAX_NAMES_PER_READER, originalProblem, translationProblem } from '@/lib/namesList';
import type { Database } from '@/server/db/client';
import { subquery } from '@/server/db/subquery';
import { chapters, stories, storyNameProposals, storyNames, storySharedNames, users } from '@/server/db/schema';
import { namesSettings } from '@/server/env';
import { badRequest, notFound } from '@/server/http/errors';

/**
 * Names lists of embedded stories. Each story has one shared list, which every reader reads and
 * which converts the story's stored chapters; each signed-in reader keeps an own list, applied on
 * top of the shared one for that reader only. Nothing a reader saves changes another reader's
 * text: an entry becomes shared by an operator or by enough readers' proposals (./nameProposals.ts).
 */

/** Accounts younger than this cannot propose names, nor count towards a proposal. */
export const MIN_PROPOSER_AGE_MS = 86_400_000;

const capitalized = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** The Chinese side of an entry, trimmed; a Vietnamese message for what is wrong with it. */
export const ZNameOriginal = z
  .string({ error: 'Tên gốc phải là văn bản.' })
  .trim()
  .superRefine((original, ctx) => {
    const problem = originalProblem(original);
    if (problem) ctx.addIssue({ code: 'custom', message: capitalized(problem) });
  });

/** The Vietnamese side of an entry, trimmed. */
export const ZNameTranslation = z
  .string({ error: 'Tên tiếng Việt phải là văn bản.' })
  .trim()
  .superRefine((translation, ctx) => {
    const problem = translationProblem(translation);
    if (problem) ctx.addIssue({ code: 'custom', message: capitalized(problem) });
  });

export const ZStoryIdParam = z.string().regex(/^\d{1,9}$/, 'Mã truyện không hợp lệ.');

export const ZSaveStoryNamesInput = z.object({
  storyId: ZStoryIdParam,
  names: z
    .record(ZNameOriginal, ZNameTranslation)
    .refine((names) => Object.keys(names).length <= MAX_NAMES_PER_READER, `Tối đa ${MAX_NAMES_PER_READER} tên cho mỗi truyện.`),
});
export type TSaveStoryNamesInput = z.infer<typeof ZSaveStoryNamesInput>;

type Issue = { code: string; message: string; issues?: Issue[] };

/** The first message written for readers (a custom one, also inside a record's key), else none. */
function customMessage(issues: readonly Issue[]): string | undefined {
  for (const issue of issues) {
    if (issue.code === 'custom') return issue.message;
    const nested = issue.issues && customMessage(issue.issues);
    if (nested) return nested;
  }
  return undefined;
}

/** Parses a body with `schema`; 400 with the first problem in Vietnamese, else `fallback`. */
export function parseNamesInput<T>(schema: z.ZodType<T>, body: unknown, fallback: string): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw badRequest(customMessage(parsed.error.issues as Issue[]) ?? fallback);
}

/** The body of PUT /api/embedding/names; 400 with the first problem in Vietnamese. */
export function parseSaveStoryNamesInput(body: unknown): TSaveStoryNamesInput {
  return parseNamesInput(ZSaveStoryNamesInput, body, 'Danh sách tên không hợp lệ: mỗi dòng có dạng 中文=Tên dịch.');
}

/**
 * The story's shared names list: what converts its stored chapters and what every reader reads.
 * A reader's own list (readerNamesOf) applies on top of it for that reader only.
 */
export async function storyNamesOf(database: Pick<Database, 'select'>, storyId: number): Promise<Record<string, string>> {
  const rows = await database
    .select({ original: storySharedNames.original, translation: storySharedNames.translation })
    .from(storySharedNames)
    .where(eq(storySharedNames.storyId, storyId));
  return Object.fromEntries(rows.map((row) => [row.original, row.translation]));
}

/** A reader's own names list for a story (empty when none). */
export async function readerNamesOf(database: Pick<Database, 'select'>, storyId: number, userId: string): Promise<Record<string, string>> {
  const [row] = await database
    .select({ entries: storyNames.entries })
    .from(storyNames)
    .where(and(eq(storyNames.storyId, storyId), eq(storyNames.userId, userId)))
    .limit(1);
  return row?.entries ?? {};
}

/** 404 unless the story is an embedded story readers can see. */
export async function requireEmbeddedStory(database: Pick<Database, 'select'>, storyId: number): Promise<void> {
  const [story] = await database
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.origin, 'embedded'), eq(stories.hidden, false)))
    .limit(1);
  if (!story) throw notFound('Không tìm thấy truyện nhúng.');
}

/**
 * Stored chapters of the story lose their converted text (they keep the original), so each is
 * converted again with the new shared list when next read. Call it when the shared list changes.
 */
export async function invalidateConvertedChapters(database: Pick<Database, 'update'>, storyId: number, now = new Date()): Promise<void> {
  await database
    .update(chapters)
    .set({ content: null, updatedAt: now })
    .where(and(eq(chapters.storyId, storyId), isNotNull(chapters.sourceText)));
}

/**
 * Proposals that count: the proposer is not muted and the account is older than a day (each was
 * signed in and verified when it proposed).
 */
export function eligibleProposer(now: Date): SQL {
  return and(
    or(sql`${users.mutedUntil} is null`, sql`${users.mutedUntil} <= ${now}`),
    sql`${users.createdAt} <= ${new Date(now.getTime() - MIN_PROPOSER_AGE_MS)}`,
  )!;
}

/** Beside a shared entry: how many readers' own lists give the same form. */
export function readersUsingSharedName(): SQL<number> {
  return sql<number>`${subquery(sql`select count(*) from ${storyNames} where ${storyNames.storyId} = ${storySharedNames.storyId} and ${storyNames.entries} ->> ${storySharedNames.original} = ${storySharedNames.translation}`)}::int`;
}

/** The shared list with the number of readers whose own list gives the same form, most used first. */
export async function sharedNamesOf(database: Pick<Database, 'select'>, storyId: number): Promise<SharedName[]> {
  const readers = readersUsingSharedName();
  const rows = await database
    .select({
      original: storySharedNames.original,
      translation: storySharedNames.translation,
      locked: storySharedNames.locked,
      source: storySharedNames.source,
      sharedAt: storySharedNames.sharedAt,
      readers,
    })
    .from(storySharedNames)
    .where(eq(storySharedNames.storyId, storyId))
    .orderBy(desc(readers), asc(storySharedNames.original));
  return rows.map((row) => ({ ...row, sharedAt: row.sharedAt.getTime() }));
}

/** The reader's proposals for the story, each with the eligible readers proposing the same form. */
async function proposalsOf(database: Pick<Database, 'select'>, storyId: number, userId: string, now = new Date()): Promise<NameProposal[]> {
  const mine = await database
    .select({ original: storyNameProposals.original, translation: storyNameProposals.translation, createdAt: storyNameProposals.createdAt })
    .from(storyNameProposals)
    .where(and(eq(storyNameProposals.storyId, storyId), eq(storyNameProposals.userId, userId)))
    .orderBy(asc(storyNameProposals.original));
  if (mine.length === 0) return [];
  const counts = await database
    .select({ original: storyNameProposals.original, translation: storyNameProposals.translation, supporters: sql<number>`count(*)::int` })
    .from(storyNameProposals)
    .innerJoin(users, eq(users.id, storyNameProposals.userId))
    .where(
      and(
        eq(storyNameProposals.storyId, storyId),
        sql`(${storyNameProposals.original}, ${storyNameProposals.translation}) in (select ${storyNameProposals.original}, ${storyNameProposals.translation} from ${storyNameProposals} where ${storyNameProposals.storyId} = ${storyId} and ${storyNameProposals.userId} = ${userId})`,
        eligibleProposer(now),
      ),
    )
    .groupBy(storyNameProposals.original, storyNameProposals.translation);
  const supporters = new Map(counts.map((row) => [`${row.original}=${row.translation}`, row.supporters]));
  return mine.map((row) => ({ ...row, supporters: supporters.get(`${row.original}=${row.translation}`) ?? 0, createdAt: row.createdAt.getTime() }));
}

/** The story's shared list (with its use) and, when signed in, the reader's own list and proposals, for the names editor. */
export async function readStoryNames(database: Database, storyId: number, userId: string | null): Promise<StoryNames> {
  await requireEmbeddedStory(database, storyId);
  const [shared, mine, proposals] = await Promise.all([
    sharedNamesOf(database, storyId),
    userId ? readerNamesOf(database, storyId, userId) : {},
    userId ? proposalsOf(database, storyId, userId) : [],
  ]);
  const names = Object.fromEntries(shared.map((entry) => [entry.original, entry.translation]));
  return { storyId: String(storyId), names, mine, shared, proposals, threshold: namesSettings().NAMES_SHARE_THRESHOLD };
}

/**
 * Stores the reader's own list for a story (whole): it applies to that reader only, so no other
 * reader's text and no stored chapter changes. A proposal whose entry the list no longer holds
 * in that form is withdrawn.
 */
export async function writeReaderNames(tx: Pick<Database, 'insert' | 'delete'>, userId: string, storyId: number, entries: Record<string, string>, now = new Date()): Promise<void> {
  await tx
    .insert(storyNames)
    .values({ storyId, userId, entries, updatedAt: now })
    .onConflictDoUpdate({ target: [storyNames.storyId, storyNames.userId], set: { entries, updatedAt: now } });
  const kept = Object.entries(entries).map(([original, translation]) => sql`(${original}, ${translation})`);
  await tx
    .delete(storyNameProposals)
    .where(
      and(
        eq(storyNameProposals.storyId, storyId),
        eq(storyNameProposals.userId, userId),
        kept.length > 0 ? sql`(${storyNameProposals.original}, ${storyNameProposals.translation}) not in (${sql.join(kept, sql`, `)})` : undefined,
      ),
    );
}

/** Replaces a reader's own names list for a story (PUT /api/embedding/names). */
export async function saveReaderNames(database: Database, userId: string, storyId: number, entries: Record<string, string>): Promise<StoryNames> {
  await requireEmbeddedStory(database, storyId);
  await database.transaction((tx) => writeReaderNames(tx, userId, storyId, entries));
  return readStoryNames(database, storyId, userId);
}
