import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { chapters, genres, stories, storyGenres } from '@/server/db/schema';
import { CLI_ACTOR, recordAudit, type Actor } from '@/server/services/admin/audit';
import { recordNewChapters } from '@/server/services/notifications/centre';
import { holdTakedown, isTakenDown, liftTakedowns } from '@/server/services/takedowns';
import { validateImportedStory, type ImportedStory, type ImportedStoryInput } from '@/server/import/schema';
import { countWords } from '@/server/import/text';
import { foldVietnamese } from '@/lib/text/fold';
import { isReservedSlug, storySlug } from '@/lib/text/slug';

/** An operator action that cannot be done; the message names the slug, field or genre at fault. */
export class StoryAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoryAdminError';
  }
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ImportStoryResult {
  slug: string;
  created: boolean;
  chapters: number;
}

export interface StoryRef {
  slug: string;
  title: string;
}

/** Chapter INSERTs stay under these, well within PostgreSQL's parameter and message limits. */
const CHAPTER_BATCH_ROWS = 200;
const CHAPTER_BATCH_CHARS = 4_000_000;

interface ChapterRow {
  index: number;
  title: string;
  content: string;
  wordCount: number;
}

async function genreIds(tx: Transaction, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const known = await tx.select({ id: genres.id, name: genres.name }).from(genres).orderBy(genres.position);
  const byName = new Map(known.map((genre) => [foldVietnamese(genre.name), genre.id]));
  const unknown = names.filter((name) => !byName.has(foldVietnamese(name)));
  if (unknown.length > 0) {
    const list = known.map((genre) => genre.name).join(', ') || '(chưa có thể loại nào)';
    throw new StoryAdminError(
      `genres: không có thể loại ${unknown.map((name) => `'${name}'`).join(', ')}; các thể loại hiện có: ${list}`,
    );
  }
  return [...new Set(names.flatMap((name) => byName.get(foldVietnamese(name)) ?? []))];
}

/**
 * The given slug (refused when reserved), or one made from the title. A made slug already used by
 * a story with the same title and author is that story (a re-import updates it); a slug used by a
 * different story is skipped for the next free `-2`, `-3`, ….
 */
async function chooseSlug(tx: Transaction, story: ImportedStory): Promise<string> {
  if (story.slug) {
    if (isReservedSlug(story.slug)) {
      throw new StoryAdminError(`slug: '${story.slug}' trùng một đường dẫn dành riêng của trang web; hãy chọn slug khác`);
    }
    return story.slug;
  }
  const searchTitle = foldVietnamese(story.title);
  const searchAuthor = foldVietnamese(story.author);
  return storySlug(story.title, async (candidate) => {
    const [row] = await tx
      .select({ searchTitle: stories.searchTitle, searchAuthor: stories.searchAuthor })
      .from(stories)
      .where(eq(stories.slug, candidate))
      .limit(1);
    if (row) return row.searchTitle !== searchTitle || row.searchAuthor !== searchAuthor;
    return isTakenDown(tx, { slug: candidate });
  });
}

async function replaceChapters(tx: Transaction, storyId: number, rows: readonly ChapterRow[]): Promise<void> {
  await tx.delete(chapters).where(eq(chapters.storyId, storyId));
  let batch: ChapterRow[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length > 0) await tx.insert(chapters).values(batch.map((row) => ({ storyId, ...row })));
    batch = [];
    chars = 0;
  };
  for (const row of rows) {
    if (batch.length >= CHAPTER_BATCH_ROWS || (batch.length > 0 && chars + row.content.length > CHAPTER_BATCH_CHARS)) await flush();
    batch.push(row);
    chars += row.content.length;
  }
  await flush();
}

async function replaceGenres(tx: Transaction, storyId: number, ids: readonly number[]): Promise<void> {
  await tx.delete(storyGenres).where(eq(storyGenres.storyId, storyId));
  if (ids.length > 0) await tx.insert(storyGenres).values(ids.map((genreId) => ({ storyId, genreId })));
}

/**
 * Adds a native story, or replaces the story with the same slug: metadata updated, chapters and
 * genres replaced. One transaction, so a failure leaves the catalogue as it was. A hidden story
 * stays hidden.
 */
export async function importStory(database: Database, input: ImportedStoryInput, actor: Actor = CLI_ACTOR): Promise<ImportStoryResult> {
  const story = validateImportedStory(input, 'importStory');
  const rows: ChapterRow[] = story.chapters.map((chapter, i) => ({
    index: i + 1,
    title: chapter.title,
    content: chapter.content,
    wordCount: countWords(chapter.content),
  }));
  return database.transaction(async (tx) => {
    const slug = await chooseSlug(tx, story);
    const ids = await genreIds(tx, story.genres);
    const [existing] = await tx
      .select({ id: stories.id, origin: stories.origin, chapterCount: stories.chapterCount })
      .from(stories)
      .where(eq(stories.slug, slug))
      .for('update');
    if (existing?.origin === 'embedded') {
      throw new StoryAdminError(`slug: '${slug}' là truyện nhúng từ nguồn ngoài; không thể ghi đè bằng tệp nhập`);
    }
    // A removed story is not brought back by an import; a hidden one is updated and stays hidden.
    if (!existing && (await isTakenDown(tx, { slug }))) {
      throw new StoryAdminError(`slug: '${slug}' đã bị gỡ theo yêu cầu bản quyền; gỡ lệnh trước (npm run story -- unhide ${slug}) rồi nhập lại`);
    }

    const now = new Date();
    const values = {
      title: story.title,
      author: story.author,
      description: story.description,
      cover: story.cover ?? null,
      status: story.status,
      searchTitle: foldVietnamese(story.title),
      searchAuthor: foldVietnamese(story.author),
      chapterCount: story.chapters.length,
      wordCount: rows.reduce((sum, row) => sum + row.wordCount, 0),
      latestChapterAt: now,
      updatedAt: now,
    };
    let storyId: number;
    if (existing) {
      storyId = existing.id;
      await tx.update(stories).set(values).where(eq(stories.id, storyId));
    } else {
      const [created] = await tx.insert(stories).values({ slug, ...values }).returning({ id: stories.id });
      storyId = created.id;
    }
    await replaceChapters(tx, storyId, rows);
    await replaceGenres(tx, storyId, ids);
    // Chapters past the ones the story had are new to its readers.
    if (existing) await recordNewChapters(tx, storyId, rows.slice(existing.chapterCount), now.getTime());
    await recordAudit(tx, actor, {
      action: 'story.import',
      targetType: 'story',
      targetId: storyId,
      before: existing ? { slug, chapters: existing.chapterCount } : null,
      after: { slug, title: story.title, chapters: rows.length },
    });
    return { slug, created: !existing, chapters: rows.length };
  });
}

async function findStory(tx: Transaction, slug: string): Promise<{ id: number; title: string; hidden: boolean; sourceUrl: string | null }> {
  const [row] = await tx
    .select({ id: stories.id, title: stories.title, hidden: stories.hidden, sourceUrl: stories.sourceUrl })
    .from(stories)
    .where(eq(stories.slug, slug))
    .for('update');
  if (!row) throw new StoryAdminError(`Không có truyện nào với slug '${slug}'`);
  return row;
}

/**
 * Takes a story down (copyright): no longer served anywhere, kept in the database. Recorded as a
 * takedown and in the audit log, with the operator (or 'cli') who did it.
 */
export async function hideStory(database: Database, slug: string, note = '', actor: Actor = CLI_ACTOR): Promise<StoryRef> {
  return database.transaction(async (tx) => {
    const story = await findStory(tx, slug);
    await tx.update(stories).set({ hidden: true }).where(eq(stories.id, story.id));
    await holdTakedown(tx, { storyId: story.id, slug, sourceUrl: story.sourceUrl, action: 'hide', note });
    await recordAudit(tx, actor, { action: 'story.hide', targetType: 'story', targetId: story.id, before: { slug, hidden: story.hidden }, after: { slug, hidden: true }, note });
    return { slug, title: story.title };
  });
}

/**
 * Serves a hidden story again and lifts its takedowns (recorded in the audit log). For a removed
 * story, whose slug no story has now, it lifts the removal: the slug and the source can be used again.
 */
export async function unhideStory(database: Database, slug: string, note = '', actor: Actor = CLI_ACTOR): Promise<StoryRef> {
  return database.transaction(async (tx) => {
    const [exists] = await tx.select({ id: stories.id }).from(stories).where(eq(stories.slug, slug)).limit(1);
    if (!exists) {
      const lifted = await liftTakedowns(tx, slug);
      if (lifted === 0) throw new StoryAdminError(`Không có truyện nào với slug '${slug}'`);
      await recordAudit(tx, actor, { action: 'story.lift', targetType: 'story', targetId: slug, before: { slug, removed: true }, after: { slug, lifted }, note });
      return { slug, title: slug };
    }
    const story = await findStory(tx, slug);
    await tx.update(stories).set({ hidden: false }).where(eq(stories.id, story.id));
    await liftTakedowns(tx, slug);
    await recordAudit(tx, actor, { action: 'story.unhide', targetType: 'story', targetId: story.id, before: { slug, hidden: story.hidden }, after: { slug, hidden: false }, note });
    return { slug, title: story.title };
  });
}

/**
 * Deletes a story with its chapters, genres, bookmarks, reviews and comments (cascades); the
 * takedown record and the audit log keep the slug and title so the removal stays on record.
 */
export async function removeStory(database: Database, slug: string, note = '', actor: Actor = CLI_ACTOR): Promise<StoryRef> {
  return database.transaction(async (tx) => {
    const story = await findStory(tx, slug);
    await holdTakedown(tx, { storyId: story.id, slug, sourceUrl: story.sourceUrl, action: 'remove', note });
    await recordAudit(tx, actor, {
      action: 'story.remove',
      targetType: 'story',
      targetId: story.id,
      before: { slug, title: story.title, hidden: story.hidden },
      after: { removed: true },
      note,
    });
    await tx.delete(stories).where(eq(stories.id, story.id));
    return { slug, title: story.title };
  });
}
