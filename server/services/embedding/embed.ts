import { and, asc, eq } from 'drizzle-orm';
import type { EmbedResult } from '@/lib/api/embedding';
import { foldVietnamese } from '@/lib/text/fold';
import { storySlug } from '@/lib/text/slug';
import type { Database } from '@/server/db/client';
import { embeddedSources, genres, stories, storyGenres, storySourceChapters, storySources } from '@/server/db/schema';
import { forbidden, HttpError } from '@/server/http/errors';
import { ADAPTERS, createFetcher, type TextFetcher } from '@/server/sources';
import { refreshDomains } from '@/server/sources/domains';
import { bookKey } from '@/server/sources/bookIdentity';
import { confirmsSameBook } from '@/server/sources/alignment';
import { isTakenDown, TAKEN_DOWN_MESSAGE } from '@/server/services/takedowns';
import { checkStory } from './check';
import { insertChapterRows } from './rows';
import { chapterIdOf, resolveLink, type ResolvedLink } from './links';
import { convertedChapterTitles, readSource, type ConvertedSource } from './source';
import { addStorySource, storyOfBook } from './addSource';
import { referenceWithTitles } from './realign';
import { mapSourceChapters } from './storySources';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];


interface EmbeddedStoryRef {
  id: number;
  slug: string;
  hidden: boolean;
}

/**
 * The story embedded before from the link's source, or 403 for a source under a takedown: a
 * hidden story, or a removed one whose source row is gone but whose takedown holds. Checked
 * before anything is fetched from the site.
 */
export async function refuseTakenDown(database: Database, link: ResolvedLink): Promise<EmbeddedStoryRef | undefined> {
  const existing = await findBySource(database, link.sourceUrl);
  if (existing?.hidden || (await isTakenDown(database, { sourceUrl: link.sourceUrl }))) throw forbidden(TAKEN_DOWN_MESSAGE);
  return existing;
}

/** The story one of whose sources is this canonical source URL, if any. */
export async function findBySource(database: Database, sourceUrl: string): Promise<EmbeddedStoryRef | undefined> {
  const [row] = await database
    .select({ id: stories.id, slug: stories.slug, hidden: stories.hidden })
    .from(storySources)
    .innerJoin(stories, eq(stories.id, storySources.storyId))
    .where(eq(storySources.sourceUrl, sourceUrl))
    .limit(1);
  return row;
}

async function genreIds(tx: Transaction, names: readonly string[]): Promise<number[]> {
  const known = await tx.select({ id: genres.id, name: genres.name }).from(genres);
  const byName = new Map(known.map((genre) => [foldVietnamese(genre.name), genre.id]));
  return [...new Set(names.flatMap((name) => byName.get(foldVietnamese(name)) ?? []))];
}

async function insertStory(database: Database, link: ResolvedLink, source: ConvertedSource): Promise<EmbeddedStoryRef> {
  const titles = convertedChapterTitles(source.list);
  return database.transaction(async (tx) => {
    const slug = await storySlug(source.title, async (candidate) => {
      const [row] = await tx.select({ id: stories.id }).from(stories).where(eq(stories.slug, candidate)).limit(1);
      return row !== undefined || isTakenDown(tx, { slug: candidate });
    });
    const now = new Date();
    const [story] = await tx
      .insert(stories)
      .values({
        slug,
        title: source.title,
        author: source.author,
        description: source.description,
        cover: source.book.cover ?? null,
        status: source.book.status,
        origin: 'embedded',
        sourceUrl: link.sourceUrl,
        sourceSite: link.adapter.id,
        originalTitle: source.book.title,
        originalAuthor: source.book.author,
        chapterCount: source.list.length,
        indexable: false,
        searchTitle: foldVietnamese(source.title),
        searchAuthor: foldVietnamese(source.author),
        latestChapterAt: now,
      })
      .returning({ id: stories.id, slug: stories.slug, hidden: stories.hidden });
    const ids = await genreIds(tx, source.genres);
    if (ids.length > 0) await tx.insert(storyGenres).values(ids.map((genreId) => ({ storyId: story.id, genreId })));
    await insertChapterRows(tx, story.id, source.list, titles);
    await tx.insert(embeddedSources).values({
      storyId: story.id,
      site: link.adapter.id,
      sourceUrl: link.sourceUrl,
      lastCheckedAt: now,
      lastChapterSeen: source.list.length,
    });
    const [first] = await tx
      .insert(storySources)
      .values({
        storyId: story.id,
        site: link.adapter.id,
        sourceUrl: link.sourceUrl,
        bookKey: bookKey(source.book),
        priority: 0,
        serving: true,
        chapterCount: source.list.length,
        addedBy: 'embed',
      })
      .returning({ id: storySources.id });
    await mapSourceChapters(tx, first.id, source.list.map((ref) => ({ index: ref.index, ref })));
    return story;
  });
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/**
 * The story already here that this source is another copy of: the same title and author, and
 * its first chapters the story's. The source is added to that story.
 */
async function joinSameBook(database: Database, link: ResolvedLink, source: ConvertedSource, fetcher: TextFetcher): Promise<EmbeddedStoryRef | undefined> {
  const key = bookKey(source.book);
  const storyId = await storyOfBook(database, key);
  if (storyId === undefined || !confirmsSameBook(await referenceWithTitles(database, storyId, fetcher), source.list)) return undefined;
  try {
    await addStorySource(database, storyId, link, source, { addedBy: 'reader', checkKey: key, fetcher });
  } catch (error) {
    // The story cannot take this copy (it has one from this site already, or is full): it is embedded on its own.
    if (error instanceof HttpError && error.status === 400) return undefined;
    throw error;
  }
  const [story] = await database.select({ id: stories.id, slug: stories.slug, hidden: stories.hidden }).from(stories).where(eq(stories.id, storyId));
  return story;
}

/**
 * The story of a source: the one embedded before, the story here whose book it is another copy
 * of (the source joins it), or a new one read from the site now.
 */
async function storyFor(database: Database, link: ResolvedLink, fetcher: TextFetcher, existing: EmbeddedStoryRef | undefined) {
  if (existing) return { story: existing, created: false };
  const source = await readSource(link, fetcher);
  const joined = await joinSameBook(database, link, source, fetcher);
  if (joined) return { story: joined, created: false, joined: true };
  try {
    return { story: await insertStory(database, link, source), created: true };
  } catch (error) {
    // Two readers embedding the same story at once: the second uses the first one's story.
    const winner = isUniqueViolation(error) ? await findBySource(database, link.sourceUrl) : undefined;
    if (!winner) throw error;
    return { story: winner, created: false };
  }
}

async function findChapterIndex(database: Database, storyId: number, link: ResolvedLink): Promise<number | null> {
  const rows = await database
    .select({ index: storySourceChapters.chapterIndex, url: storySourceChapters.url })
    .from(storySourceChapters)
    .innerJoin(storySources, eq(storySources.id, storySourceChapters.sourceId))
    .where(and(eq(storySources.storyId, storyId), eq(storySources.site, link.adapter.id)))
    .orderBy(asc(storySourceChapters.chapterIndex));
  const found = rows.find((row) => chapterIdOf(link.adapter, row.url) === link.chapterId);
  return found?.index ?? null;
}

/** The chapter a chapter link names; a chapter newer than the stored list is looked for once more. */
async function chapterIndexFor(database: Database, storyId: number, link: ResolvedLink, fresh: boolean) {
  const index = await findChapterIndex(database, storyId, link);
  if (index !== null || fresh) return index;
  await checkStory(database, storyId, createFetcher({ cache: false }));
  return findChapterIndex(database, storyId, link);
}

/**
 * Embeds the story a pasted link names, or reuses the one embedded before from the same source:
 * origin embedded, a slug from the converted title, our genres, chapters without text yet, kept
 * out of search engines until an operator approves it. A chapter link also says which chapter.
 */
export async function embedLink(database: Database, rawLink: string, fetcher: TextFetcher = createFetcher()): Promise<EmbedResult> {
  await refreshDomains(ADAPTERS, database);
  const link = resolveLink(rawLink);
  const { story, created, joined } = await storyFor(database, link, fetcher, await refuseTakenDown(database, link));
  if (story.hidden) throw forbidden(TAKEN_DOWN_MESSAGE);
  const chapter = link.chapterId ? await chapterIndexFor(database, story.id, link, created || joined === true) : null;
  return { storyId: String(story.id), slug: story.slug, created, chapter, ...(joined ? { sourceAdded: true } : {}) };
}
