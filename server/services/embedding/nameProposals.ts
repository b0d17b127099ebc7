import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoryNames } from '@/lib/api/embedding';
import { MAX_NAMES_PER_READER, MAX_SHARED_NAMES_PER_STORY } from '@/lib/namesList';
import { isEmailVerified } from '@/server/auth/emailVerified';
import type { Database } from '@/server/db/client';
import { storyNameProposals, storySharedNames, users } from '@/server/db/schema';
import { namesSettings } from '@/server/env';
import { badRequest, forbidden } from '@/server/http/errors';
import { assertMayWrite } from '@/server/services/admin/mutes';
import { enforceRateLimit, type RateLimitRule } from '@/server/services/rateLimit';
import {
  eligibleProposer,
  invalidateConvertedChapters,
  MIN_PROPOSER_AGE_MS,
  parseNamesInput,
  readerNamesOf,
  readStoryNames,
  requireEmbeddedStory,
  writeReaderNames,
  ZNameOriginal,
  ZNameTranslation,
  ZStoryIdParam,
} from './names';

/**
 * Proposals for a story's shared names list: a reader offers an entry of their own list; it
 * becomes shared when NAMES_SHARE_THRESHOLD distinct eligible readers (signed in, email verified,
 * not muted, account older than a day) propose the same form, or when an operator accepts it.
 * A locked entry is never changed by proposals.
 */

/** Proposals (and withdrawals) a reader may make per window. */
export const NAME_PROPOSAL_RULE: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };
const TOO_FAST = 'Bạn đề xuất tên quá nhiều trong thời gian ngắn.';

export const ZProposeNameInput = z.object({ storyId: ZStoryIdParam, original: ZNameOriginal, translation: ZNameTranslation });
export const ZWithdrawProposalInput = z.object({ storyId: ZStoryIdParam, original: ZNameOriginal });

export const parseProposeNameInput = (body: unknown) => parseNamesInput(ZProposeNameInput, body, 'Đề xuất không hợp lệ: cần mã truyện, tên gốc và tên tiếng Việt.');
export const parseWithdrawProposalInput = (body: unknown) => parseNamesInput(ZWithdrawProposalInput, body, 'Cần mã truyện và tên gốc của đề xuất.');

export const NEW_ACCOUNT_MESSAGE = 'Tài khoản mới cần hơn một ngày mới đề xuất được tên dùng chung. Bạn vẫn sửa tên cho riêng mình được ngay.';
export const UNVERIFIED_MESSAGE =
  'Bạn cần xác minh email trước khi đề xuất tên dùng chung: bấm "Gửi email xác minh" ở trang Tài khoản, mở thư xác minh rồi thử lại.';

/**
 * 403 with the reason unless the reader may propose names: not muted, the account (its row, made
 * at its first signed-in request) older than a day, and its email verified by the identity service.
 */
export async function assertMayProposeNames(database: Database, userId: string, now = Date.now()): Promise<void> {
  await assertMayWrite(database, userId, now);
  const [account] = await database.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!account || account.createdAt.getTime() > now - MIN_PROPOSER_AGE_MS) throw forbidden(NEW_ACCOUNT_MESSAGE);
  if (!(await isEmailVerified(userId))) throw forbidden(UNVERIFIED_MESSAGE);
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Serialises the changes to one entry of a story's shared list (proposals counted, operators' actions). */
export async function lockSharedEntry(tx: Tx, storyId: number, original: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${storyId}::int, hashtext(${`story-name:${original}`}))`);
}

/**
 * Makes `translation` the shared form of `original` (unless it already is) and lets the story's
 * stored chapters be converted again. Returns whether the shared list changed.
 */
export async function shareName(
  tx: Tx,
  storyId: number,
  original: string,
  translation: string,
  how: { source: 'operator' | 'readers'; decidedBy: string | null; locked?: boolean },
  now = new Date(),
): Promise<boolean> {
  const [current] = await tx
    .select({ translation: storySharedNames.translation, locked: storySharedNames.locked })
    .from(storySharedNames)
    .where(and(eq(storySharedNames.storyId, storyId), eq(storySharedNames.original, original)))
    .limit(1);
  const locked = how.locked ?? current?.locked ?? false;
  if (current?.translation === translation && current.locked === locked) return false;
  await tx
    .insert(storySharedNames)
    .values({ storyId, original, translation, locked, source: how.source, decidedBy: how.decidedBy, sharedAt: now })
    .onConflictDoUpdate({
      target: [storySharedNames.storyId, storySharedNames.original],
      set: { translation, locked, source: how.source, decidedBy: how.decidedBy, sharedAt: now },
    });
  if (current?.translation !== translation) await invalidateConvertedChapters(tx, storyId, now);
  return current?.translation !== translation;
}

/** How many entries the story's shared list has. */
export async function sharedNameCount(database: Pick<Database, 'select'>, storyId: number): Promise<number> {
  const [row] = await database.select({ total: count() }).from(storySharedNames).where(eq(storySharedNames.storyId, storyId));
  return row?.total ?? 0;
}

/** Eligible readers proposing this form of the name. */
export async function supportersOf(database: Pick<Database, 'select'>, storyId: number, original: string, translation: string, now = new Date()): Promise<number> {
  const [row] = await database
    .select({ total: count() })
    .from(storyNameProposals)
    .innerJoin(users, eq(users.id, storyNameProposals.userId))
    .where(
      and(
        eq(storyNameProposals.storyId, storyId),
        eq(storyNameProposals.original, original),
        eq(storyNameProposals.translation, translation),
        eligibleProposer(now),
      ),
    );
  return row?.total ?? 0;
}

/** Shares the proposed form when enough eligible readers propose it and the entry is not locked. */
async function applyThreshold(tx: Tx, storyId: number, original: string, translation: string, now: Date): Promise<void> {
  if ((await supportersOf(tx, storyId, original, translation, now)) < namesSettings().NAMES_SHARE_THRESHOLD) return;
  const [current] = await tx
    .select({ translation: storySharedNames.translation, locked: storySharedNames.locked })
    .from(storySharedNames)
    .where(and(eq(storySharedNames.storyId, storyId), eq(storySharedNames.original, original)))
    .limit(1);
  if (current?.locked || current?.translation === translation) return;
  if (!current && (await sharedNameCount(tx, storyId)) >= MAX_SHARED_NAMES_PER_STORY) return;
  await shareName(tx, storyId, original, translation, { source: 'readers', decidedBy: null }, now);
}

/**
 * A reader proposes `original=translation` for the story's shared list (PUT
 * /api/embedding/names/proposals): the entry is also kept in the reader's own list (what they
 * propose is what they read), replaces their earlier proposal for that name, and is shared at
 * once if it reaches the threshold. 429 beyond NAME_PROPOSAL_RULE; 403 for a muted, new or
 * unverified account.
 */
export async function proposeName(database: Database, userId: string, storyId: number, original: string, translation: string, now = new Date()): Promise<StoryNames> {
  await requireEmbeddedStory(database, storyId);
  await enforceRateLimit(database, `names-propose:${userId}`, NAME_PROPOSAL_RULE, TOO_FAST, now.getTime());
  await assertMayProposeNames(database, userId, now.getTime());
  await database.transaction(async (tx) => {
    await lockSharedEntry(tx, storyId, original);
    const mine = await readerNamesOf(tx, storyId, userId);
    if (!(original in mine) && Object.keys(mine).length >= MAX_NAMES_PER_READER) {
      throw badRequest(`Danh sách tên của bạn đã đủ ${MAX_NAMES_PER_READER} tên; bỏ bớt một tên rồi đề xuất lại.`);
    }
    const [proposed] = await tx
      .select({ total: count() })
      .from(storyNameProposals)
      .where(and(eq(storyNameProposals.storyId, storyId), eq(storyNameProposals.userId, userId), sql`${storyNameProposals.original} <> ${original}`));
    if ((proposed?.total ?? 0) >= MAX_NAMES_PER_READER) throw badRequest(`Mỗi độc giả đề xuất tối đa ${MAX_NAMES_PER_READER} tên cho một truyện.`);
    if (mine[original] !== translation) await writeReaderNames(tx, userId, storyId, { ...mine, [original]: translation }, now);
    await tx
      .insert(storyNameProposals)
      .values({ storyId, userId, original, translation, createdAt: now })
      .onConflictDoUpdate({
        target: [storyNameProposals.storyId, storyNameProposals.userId, storyNameProposals.original],
        set: { translation, createdAt: now },
        setWhere: sql`${storyNameProposals.translation} <> excluded.translation`,
      });
    await applyThreshold(tx, storyId, original, translation, now);
  });
  return readStoryNames(database, storyId, userId);
}

/** Withdraws the reader's proposal for a name (the entry stays in their own list). */
export async function withdrawNameProposal(database: Database, userId: string, storyId: number, original: string, now = new Date()): Promise<StoryNames> {
  await requireEmbeddedStory(database, storyId);
  await enforceRateLimit(database, `names-propose:${userId}`, NAME_PROPOSAL_RULE, TOO_FAST, now.getTime());
  await database
    .delete(storyNameProposals)
    .where(and(eq(storyNameProposals.storyId, storyId), eq(storyNameProposals.userId, userId), eq(storyNameProposals.original, original)));
  return readStoryNames(database, storyId, userId);
}
