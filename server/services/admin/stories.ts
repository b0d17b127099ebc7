import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminStory } from '@/lib/api/admin';
import { foldVietnamese } from '@/lib/text/fold';
import type { Database } from '../../db/client';
import { bookmarks, embeddedSources, genres, stories, storyGenres } from '../../db/schema';
import { existsIn } from '../../db/subquery';
import { badRequest, notFound } from '../../http/errors';
import { hideStory, removeStory, StoryAdminError, unhideStory } from '../storyAdmin';
import { recordAudit, type Actor } from './audit';
import type { TStoriesQuery, TUpdateStoryInput } from './inputs';
import { offsetOf, paged, type Paged } from './paging';

export type { AdminStory };

const STORY_NOT_FOUND = 'Không tìm thấy truyện.';

const followed = existsIn(sql`select 1 from ${bookmarks} where ${bookmarks.storyId} = ${stories.id} and ${bookmarks.follow} = true`);

function selectStories(database: Database) {
  return database
    .select({ story: stories, source: embeddedSources, following: followed })
    .from(stories)
    .leftJoin(embeddedSources, eq(embeddedSources.storyId, stories.id));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectStories>['where']>>[number];

async function toAdminStories(database: Database, rows: Row[]): Promise<AdminStory[]> {
  const ids = rows.map((row) => row.story.id);
  const genreRows = ids.length
    ? await database
        .select({ storyId: storyGenres.storyId, id: genres.id, name: genres.name })
        .from(storyGenres)
        .innerJoin(genres, eq(genres.id, storyGenres.genreId))
        .where(inArray(storyGenres.storyId, ids))
        .orderBy(asc(genres.position))
    : [];
  return rows.map(({ story, source, following }) => ({
    _id: String(story.id),
    slug: story.slug,
    title: story.title,
    author: story.author,
    description: story.description,
    cover: story.cover,
    status: story.status,
    genres: genreRows.filter((g) => g.storyId === story.id).map((g) => ({ _id: String(g.id), name: g.name })),
    chapters: story.chapterCount,
    hidden: story.hidden,
    origin: story.origin,
    updatedAt: story.updatedAt.getTime(),
    source: source
      ? { site: source.site, sourceUrl: source.sourceUrl, following, lastCheckedAt: source.lastCheckedAt?.getTime() ?? null, lastError: source.lastError }
      : null,
  }));
}

/** Stories by title, author or slug (accents and case ignored), hidden ones included, newest update first. */
export async function listStories(database: Database, query: TStoriesQuery): Promise<Paged<AdminStory>> {
  const filters: SQL[] = [];
  if (query.query) {
    const needle = `%${foldVietnamese(query.query).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(sql`${stories.searchTitle} like ${needle}`, sql`${stories.searchAuthor} like ${needle}`, sql`${stories.slug} like ${needle}`)!);
  }
  if (query.hidden) filters.push(eq(stories.hidden, query.hidden === 'true'));
  if (query.origin) filters.push(eq(stories.origin, query.origin));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    selectStories(database).where(where).orderBy(desc(stories.updatedAt), desc(stories.id)).limit(query.perpage).offset(offsetOf(query)),
    database.select({ total: count() }).from(stories).where(where),
  ]);
  return paged(await toAdminStories(database, rows), total, query);
}

export async function getStory(database: Database, storyId: number): Promise<AdminStory> {
  const rows = await selectStories(database).where(eq(stories.id, storyId));
  if (rows.length === 0) throw notFound(STORY_NOT_FOUND);
  const [story] = await toAdminStories(database, rows);
  return story;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Genre ids from names (accents and case ignored); 400 naming the unknown ones. */
async function genreIdsByName(tx: Tx, names: readonly string[]): Promise<number[]> {
  const known = await tx.select({ id: genres.id, name: genres.name }).from(genres);
  const byName = new Map(known.map((genre) => [foldVietnamese(genre.name), genre.id]));
  const unknown = names.filter((name) => !byName.has(foldVietnamese(name)));
  if (unknown.length > 0) throw badRequest(`Không có thể loại: ${unknown.join(', ')}.`);
  return [...new Set(names.map((name) => byName.get(foldVietnamese(name))!))];
}

/** Edits a story's title, author, genres, status, description or cover; audited with the fields before and after. */
export async function updateStory(database: Database, actor: Actor, storyId: number, input: TUpdateStoryInput): Promise<AdminStory> {
  await database.transaction(async (tx) => {
    const [before] = await tx.select().from(stories).where(eq(stories.id, storyId)).for('update');
    if (!before) throw notFound(STORY_NOT_FOUND);
    const oldGenres = await tx
      .select({ name: genres.name })
      .from(storyGenres)
      .innerJoin(genres, eq(genres.id, storyGenres.genreId))
      .where(eq(storyGenres.storyId, storyId))
      .orderBy(asc(genres.position));
    const changes: Partial<typeof stories.$inferInsert> = {};
    if (input.title !== undefined) Object.assign(changes, { title: input.title, searchTitle: foldVietnamese(input.title) });
    if (input.author !== undefined) Object.assign(changes, { author: input.author, searchAuthor: foldVietnamese(input.author) });
    if (input.status !== undefined) changes.status = input.status;
    if (input.description !== undefined) changes.description = input.description;
    if (input.cover !== undefined) changes.cover = input.cover || null;
    await tx.update(stories).set({ ...changes, updatedAt: new Date() }).where(eq(stories.id, storyId));
    if (input.genres !== undefined) {
      const ids = await genreIdsByName(tx, input.genres);
      await tx.delete(storyGenres).where(eq(storyGenres.storyId, storyId));
      if (ids.length > 0) await tx.insert(storyGenres).values(ids.map((genreId) => ({ storyId, genreId })));
    }
    const fields = Object.keys(input) as (keyof TUpdateStoryInput)[];
    const was: Record<string, unknown> = { ...before, genres: oldGenres.map((g) => g.name) };
    await recordAudit(tx, actor, {
      action: 'story.update',
      targetType: 'story',
      targetId: storyId,
      before: Object.fromEntries(fields.map((field) => [field, was[field] ?? null])),
      after: Object.fromEntries(fields.map((field) => [field, input[field] ?? null])),
    });
  });
  return getStory(database, storyId);
}

async function slugOf(database: Database, storyId: number): Promise<string> {
  const [row] = await database.select({ slug: stories.slug }).from(stories).where(eq(stories.id, storyId));
  if (!row) throw notFound(STORY_NOT_FOUND);
  return row.slug;
}

/** The takedowns of the command line (server/services/storyAdmin.ts), by id, with a missing story as 404. */
async function takedown<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof StoryAdminError) throw notFound(STORY_NOT_FOUND);
    throw error;
  }
}

export async function setStoryHidden(database: Database, actor: Actor, storyId: number, hidden: boolean, note: string): Promise<{ story: AdminStory; slug: string }> {
  const slug = await slugOf(database, storyId);
  await takedown(() => (hidden ? hideStory(database, slug, note, actor) : unhideStory(database, slug, note, actor)));
  return { story: await getStory(database, storyId), slug };
}

export async function removeStoryById(database: Database, actor: Actor, storyId: number, note: string): Promise<{ _id: string; removed: true; slug: string }> {
  const slug = await slugOf(database, storyId);
  await takedown(() => removeStory(database, slug, note, actor));
  return { _id: String(storyId), removed: true, slug };
}
