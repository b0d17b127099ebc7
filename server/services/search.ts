import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { CHAPTER_OPTIONS, SEARCH_TOO_SHORT_MESSAGE } from '@/lib/constants';
import { foldVietnamese } from '@/lib/text/fold';
import type { Paged, StoryCard } from '@/lib/types';
import type { Database } from '../db/client';
import { genres, stories } from '../db/schema';
import { badRequest } from '../http/errors';
import type { TSearchInput } from './catalogueInput';
import { RANKINGS } from './rankings';
import { genresOf, toStoryCard, toStoryCards } from './storyCards';
import { cachedTotal } from './totals';

/** Shortest keyword worth searching for (spec §9); shorter ones match nearly everything. */
const MIN_KEYWORD = 2;
/** pg_trgm word similarity from which a title or author counts as a near miss (one typo in two words). */
const FUZZY_THRESHOLD = '0.5';
/** Descriptions are searched only for keywords this long, and at most this many hits. */
const MIN_DESCRIPTION_KEYWORD = 4;
const MAX_DESCRIPTION_HITS = 200;
/** Trigram similarity from which a genre name counts as a near miss ("tein hiep" → Tiên Hiệp). */
const GENRE_FUZZY_THRESHOLD = 0.4;

type Executor = Pick<Database, 'execute' | 'select'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text at a word start (`\m`), and also ending a word when `whole`; the LIKE lets the
 * trigram index find candidates, the regex checks the word boundary.
 */
function atWordStart(column: SQL, text: string, whole: boolean): SQL {
  return sql`(${column} LIKE ${`%${escapeLike(text)}%`} AND ${column} ~ ${`\\m${escapeRegex(text)}${whole ? '\\M' : ''}`})`;
}

/** Every word present, in any order; the last may be unfinished (typed as a prefix). */
function allWords(column: SQL, words: string[]): SQL {
  return sql.join(
    words.map((word, i) => atWordStart(column, word, i < words.length - 1)),
    sql` AND `,
  );
}

/** Trigram similarity of two folded strings, as pg_trgm computes it, for the few genre names. */
function trigramSimilarity(a: string, b: string): number {
  const grams = (text: string) => {
    const set = new Set<string>();
    for (const word of text.split(' ')) {
      const padded = `  ${word} `;
      for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
    }
    return set;
  };
  const left = grams(a);
  const right = grams(b);
  const shared = [...left].filter((gram) => right.has(gram)).length;
  return shared / (left.size + right.size - shared || 1);
}

/**
 * The genre list, kept briefly per process: every keyword search compares against it, and genres
 * change only when an operator edits them. Held as a settled promise (a drizzle query builder
 * would run again on every await).
 */
const GENRE_CACHE_MS = 30_000;
type GenreName = { id: number; name: string };
let genreCache: { at: number; rows: Promise<GenreName[]> } | undefined;

function genreList(database: Executor): Promise<GenreName[]> {
  if (!genreCache || Date.now() - genreCache.at > GENRE_CACHE_MS) {
    const rows = database
      .select({ id: genres.id, name: genres.name })
      .from(genres)
      .then((list) => list);
    rows.catch(() => (genreCache = undefined));
    genreCache = { at: Date.now(), rows };
  }
  return genreCache.rows;
}

/** Genres named like the keyword ("tien hiep" → Tiên Hiệp); `fuzzy` also takes a near miss. */
function genresNamed(list: GenreName[], keyword: string, fuzzy: boolean): number[] {
  return list
    .filter((row) => {
      const name = foldVietnamese(row.name);
      return name === keyword || (fuzzy && trigramSimilarity(name, keyword) >= GENRE_FUZZY_THRESHOLD);
    })
    .map((row) => row.id);
}

function inGenres(genreIds: number[], tier: number): SQL {
  if (genreIds.length === 0) return sql``;
  return sql`UNION ALL SELECT story_id, ${sql.raw(String(tier))} FROM story_genres WHERE genre_id IN (${sql.join(
    genreIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * Stories matching a keyword, with a relevance tier, through the trigram indexes: title phrase
 * 7 > author phrase 6 > title words 5 > genre name 4 > author words 3.
 */
function strictMatches(keyword: string, genreIds: number[]): SQL {
  const words = keyword.split(' ');
  const title = sql`search_title`;
  const author = sql`search_author`;
  const phrase = (column: SQL) => (words.length > 1 ? atWordStart(column, keyword, false) : sql`false`);
  return sql`
    SELECT id, max(tier) AS tier FROM (
      SELECT id, 7 AS tier FROM stories WHERE ${phrase(title)}
      UNION ALL SELECT id, 6 FROM stories WHERE ${phrase(author)}
      UNION ALL SELECT id, 5 FROM stories WHERE ${allWords(title, words)}
      UNION ALL SELECT id, 3 FROM stories WHERE ${allWords(author, words)}
      ${inGenres(genreIds, 4)}
    ) AS hits GROUP BY id`;
}

/** Near misses (a typo) when nothing matched exactly: genre name 3 > title 2 > author 1. */
function fuzzyMatches(keyword: string, genreIds: number[]): SQL {
  return sql`
    SELECT id, max(tier) AS tier FROM (
      SELECT id, 2 AS tier FROM stories WHERE search_title %> ${keyword}
      UNION ALL SELECT id, 1 FROM stories WHERE search_author %> ${keyword}
      ${inGenres(genreIds, 3)}
    ) AS hits GROUP BY id`;
}

/**
 * Fallback when nothing matched by title, author or genre: descriptions mentioning the keyword's
 * words in order, found through the trigram index of the folded description.
 */
function descriptionMatches(keyword: string, where: SQL | undefined): SQL {
  return sql`
    SELECT id, 0 AS tier FROM stories
    WHERE ${where} AND ${atWordStart(sql`search_description`, keyword, true)}
    LIMIT ${MAX_DESCRIPTION_HITS}`;
}

function chapterFilter(key: TSearchInput['chapters']): SQL | undefined {
  const option = CHAPTER_OPTIONS.find((candidate) => candidate.key === key);
  if (!option) return undefined;
  return and(gte(stories.chapterCount, option.min), option.max === null ? undefined : lt(stories.chapterCount, option.max));
}

/** Stories having every one of the named genres; an unknown name matches nothing. */
async function genreFilter(database: Executor, names: string[]): Promise<SQL | undefined> {
  if (names.length === 0) return undefined;
  const unique = [...new Set(names)];
  const rows = await database.select({ id: genres.id }).from(genres).where(inArray(genres.name, unique));
  if (rows.length < unique.length) return sql`false`;
  const ids = sql.join(rows.map((row) => sql`${row.id}`), sql`, `);
  return sql`${stories.id} IN (SELECT story_id FROM story_genres WHERE genre_id IN (${ids}) GROUP BY story_id HAVING count(*) = ${rows.length})`;
}

interface RankedId {
  id: number;
  total: number;
}

/** One page of ids of matched stories, best first, with the number of matches. */
async function rankedPage(database: Executor, matches: SQL, where: SQL | undefined, order: SQL[], input: TSearchInput, keyword: string): Promise<RankedId[]> {
  const result = await database.execute<{ id: number; total: string }>(sql`
    SELECT stories.id, count(*) OVER () AS total
    FROM (${matches}) AS m JOIN stories ON stories.id = m.id
    WHERE ${where}
    ORDER BY ${sql.join(
      [
        sql`m.tier DESC`,
        sql`(stories.search_title = ${keyword}) DESC`,
        sql`(stories.search_author = ${keyword}) DESC`,
        sql`similarity(stories.search_title, ${keyword}) DESC`,
        ...order,
      ],
      sql`, `,
    )}
    LIMIT ${input.perpage} OFFSET ${input.page * input.perpage}`);
  return result.rows.map((row) => ({ id: Number(row.id), total: Number(row.total) }));
}

/** Cards of stories by id, in that order; the rows and their genres are fetched together. */
async function cardsInOrder(database: Database, ids: number[]): Promise<StoryCard[]> {
  if (ids.length === 0) return [];
  const [rows, byStory] = await Promise.all([database.select().from(stories).where(inArray(stories.id, ids)), genresOf(database, ids)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toStoryCard(row, byStory.get(id))] : [];
  });
}

async function countMatches(database: Executor, matches: SQL, where: SQL | undefined): Promise<number> {
  const result = await database.execute<{ n: string }>(sql`SELECT count(*) AS n FROM (${matches}) AS m JOIN stories ON stories.id = m.id WHERE ${where}`);
  return Number(result.rows[0]?.n ?? 0);
}

async function countWhere(database: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await database.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(stories).where(where);
  return row?.total ?? 0;
}

/**
 * POST /book/search: a keyword (accent-, case- and typo-tolerant, ranked title > author >
 * description), genres (all of them), chapter bucket, author, status and ranking order, paged.
 */
export async function searchStories(database: Database, input: TSearchInput): Promise<Paged<StoryCard>> {
  const keyword = foldVietnamese(input.keyword ?? '');
  if (keyword.length > 0 && keyword.length < MIN_KEYWORD) throw badRequest(SEARCH_TOO_SHORT_MESSAGE);
  const author = input.author ? foldVietnamese(input.author) : '';
  const where = and(
    eq(stories.hidden, false),
    input.status ? eq(stories.status, input.status) : undefined,
    chapterFilter(input.chapters),
    author ? eq(stories.searchAuthor, author) : undefined,
    await genreFilter(database, input.cats ?? []),
    input.sort ? RANKINGS[input.sort].where : undefined,
  );
  const order = RANKINGS[input.sort ?? (keyword ? 'hot' : 'new')].order;

  if (!keyword) {
    const [rows, total] = await Promise.all([
      database.select().from(stories).where(where).orderBy(...order).limit(input.perpage).offset(input.page * input.perpage),
      cachedTotal(
        `search:${JSON.stringify([input.status, input.chapters, author, input.cats, input.sort])}`,
        () => countWhere(database, where),
      ),
    ]);
    return { results: await toStoryCards(database, rows), total, page: input.page, perpage: input.perpage };
  }

  // Exact words first; near misses only when nothing matched; descriptions last of all.
  // Read before any transaction: inside one, every query must use that transaction's connection.
  const genreNames = await genreList(database);
  const phases: ((tx: Executor) => Promise<SQL | undefined>)[] = [
    async () => strictMatches(keyword, genresNamed(genreNames, keyword, false)),
    async (tx) => {
      await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${FUZZY_THRESHOLD}, true)`);
      return fuzzyMatches(keyword, genresNamed(genreNames, keyword, true));
    },
    async () => (keyword.length >= MIN_DESCRIPTION_KEYWORD ? descriptionMatches(keyword, where) : undefined),
  ];
  let ranked: { page: RankedId[]; total: number } = { page: [], total: 0 };
  for (const [i, phase] of phases.entries()) {
    const run = async (tx: Executor) => {
      const found = await phase(tx);
      if (!found) return ranked;
      // An explicit ranking orders the matches by it alone; otherwise relevance leads.
      const matches = input.sort ? sql`SELECT id, 0 AS tier FROM (${found}) AS f` : found;
      const page = await rankedPage(tx, matches, where, order, input, keyword);
      return { page, total: page[0]?.total ?? (input.page > 0 ? await countMatches(tx, matches, where) : 0) };
    };
    // The near-miss phase sets a transaction-local threshold; the others need no transaction.
    ranked = i === 1 ? await database.transaction(run) : await run(database);
    if (ranked.total > 0) break;
  }
  const results = await cardsInOrder(database, ranked.page.map((row) => row.id));
  return { results, total: ranked.total, page: input.page, perpage: input.perpage };
}
