import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { NotificationEntry, NotificationPage } from '@/lib/api/notifications';
import { chapterUrl } from '@/lib/routes';
import type { Database } from '@/server/db/client';
import { bookmarks, notifications, stories } from '@/server/db/schema';
import { notFound } from '@/server/http/errors';
import { queuePushes } from './queue';
import { batchChapters, NOTIFICATION_KEEP_MS, notificationText, type ArrivedChapter } from './rules';

type Writer = Pick<Database, 'select' | 'insert'>;

/** Readers told about a story's new chapters: those who keep it in their cabinet or follow it. */
async function readersOf(database: Writer, storyId: number): Promise<string[]> {
  const rows = await database
    .select({ userId: bookmarks.userId })
    .from(bookmarks)
    .where(and(eq(bookmarks.storyId, storyId), or(eq(bookmarks.save, true), eq(bookmarks.follow, true))));
  return rows.map((row) => row.userId);
}

/** Whether readers may see the story: nothing is told about one taken down. */
async function isVisible(database: Writer, storyId: number): Promise<boolean> {
  const [story] = await database.select({ hidden: stories.hidden }).from(stories).where(eq(stories.id, storyId)).limit(1);
  return story !== undefined && !story.hidden;
}

/**
 * Chapters of a story arrived (a follow check or an operator's import): one entry per reader of
 * the story however many arrived, and the pushes that the readers' settings allow queued; none
 * for a hidden story. Run it in the transaction that stores the chapters, so entries and
 * chapters appear together.
 */
export async function recordNewChapters(database: Writer, storyId: number, arrived: readonly ArrivedChapter[], now = Date.now()): Promise<number> {
  const batch = batchChapters(arrived);
  if (!batch || !(await isVisible(database, storyId))) return 0;
  const readers = await readersOf(database, storyId);
  if (readers.length === 0) return 0;
  const created = await database
    .insert(notifications)
    .values(readers.map((userId) => ({ userId, storyId, ...batch, createdAt: new Date(now) })))
    .returning({ id: notifications.id, userId: notifications.userId });
  await queuePushes(database, storyId, batch, created, now);
  return created.length;
}

const entryColumns = {
  id: notifications.id,
  fromChapter: notifications.fromChapter,
  toChapter: notifications.toChapter,
  chapterTitle: notifications.chapterTitle,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  storyId: stories.id,
  slug: stories.slug,
  storyTitle: stories.title,
  cover: stories.cover,
};

type EntryRow = { [K in keyof typeof entryColumns]: (typeof entryColumns)[K]['_']['data'] | null };

function toEntry(row: EntryRow): NotificationEntry {
  const batch = { fromChapter: row.fromChapter!, toChapter: row.toChapter!, chapterTitle: row.chapterTitle! };
  return {
    _id: String(row.id),
    story: { _id: String(row.storyId), slug: row.slug!, title: row.storyTitle!, cover: row.cover },
    ...batch,
    ...notificationText(row.storyTitle!, batch),
    url: chapterUrl(row.slug!, batch.fromChapter),
    read: row.readAt !== null,
    createdAt: row.createdAt!.getTime(),
  };
}

const visible = (userId: string) => and(eq(notifications.userId, userId), eq(stories.hidden, false));

export async function unreadCount(database: Database, userId: string): Promise<number> {
  const [row] = await database
    .select({ n: count() })
    .from(notifications)
    .innerJoin(stories, eq(stories.id, notifications.storyId))
    .where(and(visible(userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** A reader's centre, newest first (stories taken down are left out). */
export async function listNotifications(database: Database, userId: string, page: number, perpage: number): Promise<NotificationPage> {
  const [rows, [{ total }], unread] = await Promise.all([
    database
      .select(entryColumns)
      .from(notifications)
      .innerJoin(stories, eq(stories.id, notifications.storyId))
      .where(visible(userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perpage)
      .offset(page * perpage),
    database.select({ total: count() }).from(notifications).innerJoin(stories, eq(stories.id, notifications.storyId)).where(visible(userId)),
    unreadCount(database, userId),
  ]);
  return { results: rows.map(toEntry), total, page, perpage, unread };
}

/** Marks one entry read (the reader opened it); 404 for another reader's entry. */
export async function markRead(database: Database, userId: string, id: number, now = Date.now()): Promise<number> {
  const [row] = await database
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Không tìm thấy thông báo.');
  if (!row.readAt) await database.update(notifications).set({ readAt: new Date(now) }).where(eq(notifications.id, id));
  return unreadCount(database, userId);
}

export async function markAllRead(database: Database, userId: string, now = Date.now()): Promise<number> {
  await database
    .update(notifications)
    .set({ readAt: new Date(now) })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return 0;
}

/** Removes entries older than 30 days. */
export async function pruneNotifications(database: Database, now = Date.now()): Promise<number> {
  const removed = await database
    .delete(notifications)
    .where(lt(notifications.createdAt, new Date(now - NOTIFICATION_KEEP_MS)))
    .returning({ id: notifications.id });
  return removed.length;
}
