import { and, asc, count, desc, eq, inArray, isNotNull, max, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminNameProposal, AdminNameStory, AdminSharedName, AdminStoryNames } from '@/lib/api/admin';
import { MAX_SHARED_NAMES_PER_STORY } from '@/lib/namesList';
import type { Database } from '../../db/client';
import { stories, storyNameProposals, storySharedNames, users } from '../../db/schema';
import { namesSettings } from '../../env';
import { HttpError, notFound } from '../../http/errors';
import { zPerPage } from '../../http/paging';
import { eligibleProposer, invalidateConvertedChapters, parseNamesInput, readersUsingSharedName, ZNameOriginal, ZNameTranslation } from '../embedding/names';
import { lockSharedEntry, shareName, sharedNameCount } from '../embedding/nameProposals';
import { recordAudit, type Actor } from './audit';
import { offsetOf, paged, type Paged } from './paging';

/**
 * The console's Tên riêng: readers' proposals for each embedded story's shared names list, and
 * the list itself. Operators accept or reject a proposed form, and lock, unlock or remove an
 * entry; each action writes an audit row (target `names`, the story's id) in its transaction.
 */

const PROPOSALS_SHOWN = 500;
const READERS_SHOWN = 20;

const ZNote = z.string({ error: 'Ghi chú phải là văn bản.' }).trim().max(500, { error: 'Ghi chú tối đa 500 ký tự.' }).optional().default('');

export const ZAcceptNameInput = z.object({ original: ZNameOriginal, translation: ZNameTranslation, locked: z.boolean().optional(), note: ZNote });
export const ZRejectNameInput = z.object({ original: ZNameOriginal, translation: ZNameTranslation, note: ZNote });
export const ZLockNameInput = z.object({ original: ZNameOriginal, locked: z.boolean({ error: 'Cần cho biết khóa hay mở khóa.' }), note: ZNote });
export const ZRemoveNameInput = z.object({ original: ZNameOriginal, note: ZNote });

export const ZNameStoriesQuery = z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0), perpage: zPerPage });

export const parseAdminNameInput = <T>(schema: z.ZodType<T>, body: unknown) => parseNamesInput(schema, body, 'Dữ liệu không hợp lệ: cần tên gốc (chữ Hán) và tên tiếng Việt.');

/** Stories with proposals or shared names: those with the most pending forms first, then the latest proposal. */
export async function listNameStories(database: Database, query: { page: number; perpage: number }): Promise<Paged<AdminNameStory>> {
  const proposalStats = database
    .select({
      storyId: storyNameProposals.storyId,
      proposals: count().as('proposals'),
      pending: sql<number>`count(distinct (${storyNameProposals.original}, ${storyNameProposals.translation})) filter (where ${storySharedNames.translation} is distinct from ${storyNameProposals.translation})`
        .mapWith(Number)
        .as('pending'),
      lastAt: max(storyNameProposals.createdAt).as('last_at'),
    })
    .from(storyNameProposals)
    .leftJoin(storySharedNames, and(eq(storySharedNames.storyId, storyNameProposals.storyId), eq(storySharedNames.original, storyNameProposals.original)))
    .groupBy(storyNameProposals.storyId)
    .as('proposal_stats');
  const sharedStats = database
    .select({ storyId: storySharedNames.storyId, shared: count().as('shared') })
    .from(storySharedNames)
    .groupBy(storySharedNames.storyId)
    .as('shared_stats');
  const where = or(isNotNull(proposalStats.storyId), isNotNull(sharedStats.storyId));
  const base = () =>
    database
      .select({
        id: stories.id,
        slug: stories.slug,
        title: stories.title,
        hidden: stories.hidden,
        proposals: proposalStats.proposals,
        pending: proposalStats.pending,
        lastAt: proposalStats.lastAt,
        shared: sharedStats.shared,
      })
      .from(stories)
      .leftJoin(proposalStats, eq(proposalStats.storyId, stories.id))
      .leftJoin(sharedStats, eq(sharedStats.storyId, stories.id))
      .where(where);
  const [rows, [{ total }]] = await Promise.all([
    base()
      .orderBy(sql`coalesce(${proposalStats.pending}, 0) desc`, sql`${proposalStats.lastAt} desc nulls last`, desc(stories.id))
      .limit(query.perpage)
      .offset(offsetOf(query)),
    database
      .select({ total: count() })
      .from(stories)
      .leftJoin(proposalStats, eq(proposalStats.storyId, stories.id))
      .leftJoin(sharedStats, eq(sharedStats.storyId, stories.id))
      .where(where),
  ]);
  const results = rows.map((row) => ({
    _id: String(row.id),
    slug: row.slug,
    title: row.title,
    hidden: row.hidden,
    pending: Number(row.pending ?? 0),
    proposals: Number(row.proposals ?? 0),
    shared: Number(row.shared ?? 0),
    lastProposalAt: row.lastAt ? new Date(row.lastAt).getTime() : null,
  }));
  return paged(results, total, query);
}

async function embeddedStory(database: Pick<Database, 'select'>, storyId: number) {
  const [story] = await database
    .select({ id: stories.id, slug: stories.slug, title: stories.title, hidden: stories.hidden })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.origin, 'embedded')))
    .limit(1);
  if (!story) throw notFound('Không tìm thấy truyện nhúng.');
  return story;
}

async function sharedForOperator(database: Database, storyId: number): Promise<AdminSharedName[]> {
  const readers = readersUsingSharedName();
  const rows = await database
    .select({
      original: storySharedNames.original,
      translation: storySharedNames.translation,
      locked: storySharedNames.locked,
      source: storySharedNames.source,
      decidedBy: storySharedNames.decidedBy,
      sharedAt: storySharedNames.sharedAt,
      readers,
    })
    .from(storySharedNames)
    .where(eq(storySharedNames.storyId, storyId))
    .orderBy(asc(storySharedNames.original));
  return rows.map((row) => ({ ...row, sharedAt: row.sharedAt.getTime() }));
}

async function pendingProposals(database: Database, storyId: number, shared: AdminSharedName[], now = new Date()): Promise<AdminNameProposal[]> {
  const eligible = sql<boolean>`${eligibleProposer(now)}`;
  const groups = await database
    .select({
      original: storyNameProposals.original,
      translation: storyNameProposals.translation,
      proposers: count(),
      supporters: sql<number>`count(*) filter (where ${eligible})`.mapWith(Number),
      firstAt: sql<Date>`min(${storyNameProposals.createdAt})`.mapWith((value: string | Date) => new Date(value)),
      lastAt: sql<Date>`max(${storyNameProposals.createdAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(storyNameProposals)
    .innerJoin(users, eq(users.id, storyNameProposals.userId))
    .leftJoin(storySharedNames, and(eq(storySharedNames.storyId, storyNameProposals.storyId), eq(storySharedNames.original, storyNameProposals.original)))
    .where(and(eq(storyNameProposals.storyId, storyId), sql`${storySharedNames.translation} is distinct from ${storyNameProposals.translation}`))
    .groupBy(storyNameProposals.original, storyNameProposals.translation)
    .orderBy(sql`count(*) filter (where ${eligible}) desc`, sql`max(${storyNameProposals.createdAt}) desc`)
    .limit(PROPOSALS_SHOWN);
  if (groups.length === 0) return [];
  const originals = [...new Set(groups.map((group) => group.original))];
  const proposers = await database
    .select({
      original: storyNameProposals.original,
      translation: storyNameProposals.translation,
      id: users.id,
      email: users.email,
      username: users.username,
      eligible,
    })
    .from(storyNameProposals)
    .innerJoin(users, eq(users.id, storyNameProposals.userId))
    .where(and(eq(storyNameProposals.storyId, storyId), inArray(storyNameProposals.original, originals)))
    .orderBy(asc(storyNameProposals.createdAt));
  const current = new Map(shared.map((entry) => [entry.original, { translation: entry.translation, locked: entry.locked }]));
  return groups.map((group) => ({
    original: group.original,
    translation: group.translation,
    supporters: group.supporters,
    proposers: group.proposers,
    readers: proposers
      .filter((row) => row.original === group.original && row.translation === group.translation)
      .slice(0, READERS_SHOWN)
      .map((row) => ({ _id: row.id, email: row.email, username: row.username, eligible: Boolean(row.eligible) })),
    current: current.get(group.original) ?? null,
    firstAt: group.firstAt.getTime(),
    lastAt: group.lastAt.getTime(),
  }));
}

/** A story's pending proposals and shared list, for the console. */
export async function storyNamesForOperator(database: Database, storyId: number): Promise<AdminStoryNames> {
  const story = await embeddedStory(database, storyId);
  const shared = await sharedForOperator(database, storyId);
  const proposals = await pendingProposals(database, storyId, shared);
  return { story: { _id: String(story.id), slug: story.slug, title: story.title, hidden: story.hidden }, threshold: namesSettings().NAMES_SHARE_THRESHOLD, proposals, shared };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function sharedEntry(tx: Tx, storyId: number, original: string) {
  const [row] = await tx
    .select({ original: storySharedNames.original, translation: storySharedNames.translation, locked: storySharedNames.locked, source: storySharedNames.source })
    .from(storySharedNames)
    .where(and(eq(storySharedNames.storyId, storyId), eq(storySharedNames.original, original)))
    .limit(1);
  return row ?? null;
}

/**
 * Makes `translation` the shared form of `original` (a proposed form or the operator's own),
 * locked when asked (else as it was); the story's chapters are converted again when it changes.
 */
export async function acceptStoryName(database: Database, actor: Actor, storyId: number, input: z.infer<typeof ZAcceptNameInput>): Promise<AdminStoryNames> {
  await embeddedStory(database, storyId);
  await database.transaction(async (tx) => {
    await lockSharedEntry(tx, storyId, input.original);
    const before = await sharedEntry(tx, storyId, input.original);
    if (!before && (await sharedNameCount(tx, storyId)) >= MAX_SHARED_NAMES_PER_STORY) {
      throw new HttpError(409, `Danh sách tên dùng chung của truyện đã đủ ${MAX_SHARED_NAMES_PER_STORY} tên; gỡ bớt rồi chấp nhận lại.`);
    }
    const locked = input.locked ?? before?.locked ?? false;
    await shareName(tx, storyId, input.original, input.translation, { source: 'operator', decidedBy: actor.id, locked });
    if (before?.translation === input.translation && before.source !== 'operator') {
      await tx.update(storySharedNames).set({ source: 'operator', decidedBy: actor.id }).where(and(eq(storySharedNames.storyId, storyId), eq(storySharedNames.original, input.original)));
    }
    await recordAudit(tx, actor, {
      action: 'names.accept',
      targetType: 'names',
      targetId: storyId,
      before,
      after: { original: input.original, translation: input.translation, locked, source: 'operator' },
      note: input.note,
    });
  });
  return storyNamesForOperator(database, storyId);
}

/** Drops every proposal of one form of a name (404 when there is none). */
export async function rejectStoryName(database: Database, actor: Actor, storyId: number, input: z.infer<typeof ZRejectNameInput>): Promise<AdminStoryNames> {
  await embeddedStory(database, storyId);
  await database.transaction(async (tx) => {
    const removed = await tx
      .delete(storyNameProposals)
      .where(and(eq(storyNameProposals.storyId, storyId), eq(storyNameProposals.original, input.original), eq(storyNameProposals.translation, input.translation)))
      .returning({ userId: storyNameProposals.userId });
    if (removed.length === 0) throw notFound('Không có đề xuất nào cho tên này.');
    await recordAudit(tx, actor, {
      action: 'names.reject',
      targetType: 'names',
      targetId: storyId,
      before: { original: input.original, translation: input.translation, proposers: removed.map((row) => row.userId) },
      after: null,
      note: input.note,
    });
  });
  return storyNamesForOperator(database, storyId);
}

/** Locks (proposals never change it) or unlocks a shared entry. */
export async function lockStoryName(database: Database, actor: Actor, storyId: number, input: z.infer<typeof ZLockNameInput>): Promise<AdminStoryNames> {
  await embeddedStory(database, storyId);
  await database.transaction(async (tx) => {
    await lockSharedEntry(tx, storyId, input.original);
    const before = await sharedEntry(tx, storyId, input.original);
    if (!before) throw notFound('Tên này chưa có trong danh sách dùng chung.');
    await tx
      .update(storySharedNames)
      .set({ locked: input.locked, decidedBy: actor.id })
      .where(and(eq(storySharedNames.storyId, storyId), eq(storySharedNames.original, input.original)));
    await recordAudit(tx, actor, {
      action: input.locked ? 'names.lock' : 'names.unlock',
      targetType: 'names',
      targetId: storyId,
      before,
      after: { ...before, locked: input.locked },
      note: input.note,
    });
  });
  return storyNamesForOperator(database, storyId);
}

/** Takes an entry out of the shared list; the story's chapters are converted again without it. */
export async function removeStoryName(database: Database, actor: Actor, storyId: number, input: z.infer<typeof ZRemoveNameInput>): Promise<AdminStoryNames> {
  await embeddedStory(database, storyId);
  await database.transaction(async (tx) => {
    await lockSharedEntry(tx, storyId, input.original);
    const before = await sharedEntry(tx, storyId, input.original);
    if (!before) throw notFound('Tên này chưa có trong danh sách dùng chung.');
    await tx.delete(storySharedNames).where(and(eq(storySharedNames.storyId, storyId), eq(storySharedNames.original, input.original)));
    await invalidateConvertedChapters(tx, storyId);
    await recordAudit(tx, actor, { action: 'names.remove', targetType: 'names', targetId: storyId, before, after: null, note: input.note });
  });
  return storyNamesForOperator(database, storyId);
}
