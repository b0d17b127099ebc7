import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { takedowns } from '../db/schema';

/**
 * Takedowns that hold: a hidden or removed story stays down on every path (embedding, preview,
 * import, follow, pages) until an operator lifts it. Each change is announced on a PostgreSQL
 * channel so every site process drops its copies of the story's pages at once (server/site/takedownGate.ts).
 */

/** What embed and preview answer for a source or slug under a takedown. */
export const TAKEN_DOWN_MESSAGE = 'Truyện này đã bị gỡ theo yêu cầu bản quyền và không thể nhúng lại.';

/** The channel a takedown or its lifting is announced on; the payload is the story's slug. */
export const VISIBILITY_CHANNEL = 'story_visibility';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

export interface TakedownKey {
  slug?: string;
  /** An embedded story's canonical book URL. */
  sourceUrl?: string | null;
}

/** Whether a takedown holds for the slug or the source (either matches). */
export async function isTakenDown(database: Executor, key: TakedownKey): Promise<boolean> {
  const matches: SQL[] = [];
  if (key.slug) matches.push(eq(takedowns.storySlug, key.slug));
  if (key.sourceUrl) matches.push(eq(takedowns.sourceUrl, key.sourceUrl));
  if (matches.length === 0) return false;
  const [row] = await database
    .select({ id: takedowns.id })
    .from(takedowns)
    .where(and(isNull(takedowns.liftedAt), or(...matches)))
    .limit(1);
  return row !== undefined;
}

export interface TakedownRecord {
  storyId: number | null;
  slug: string;
  sourceUrl: string | null;
  action: 'hide' | 'remove';
  note: string;
}

/** Records a takedown that holds from now on, and announces it. */
export async function holdTakedown(tx: Executor, record: TakedownRecord): Promise<void> {
  await tx.insert(takedowns).values({
    storyId: record.storyId,
    storySlug: record.slug,
    sourceUrl: record.sourceUrl,
    kind: 'copyright',
    action: record.action,
    note: record.note,
  });
  await announceVisibility(tx, record.slug);
}

/** Lifts every takedown of the slug; answers how many held. */
export async function liftTakedowns(tx: Executor, slug: string): Promise<number> {
  const lifted = await tx
    .update(takedowns)
    .set({ liftedAt: new Date() })
    .where(and(eq(takedowns.storySlug, slug), isNull(takedowns.liftedAt)))
    .returning({ id: takedowns.id });
  await announceVisibility(tx, slug);
  return lifted.length;
}

/** Tells every site process (on commit) that the story of `slug` changed visibility. */
export async function announceVisibility(tx: Executor, slug: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${VISIBILITY_CHANNEL}, ${slug})`);
}
