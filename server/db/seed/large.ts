import { sql } from 'drizzle-orm';
import { foldVietnamese } from '@/lib/text/fold';
import { slugify } from '@/lib/text/slug';
import type { Database } from '../client';
import { arrayParam, insertStories, insertStoryGenres, isoDates, type StoryRow } from './bulk';
import { pickGenres } from './catalogue';
import { seedGenres } from './demo';
import { SEED_GENRES, type GenreFamily } from './genres';
import {
  chapterContent,
  countWords,
  createCast,
  familyOf,
  MALE_LEAD_GENRES,
  penName,
  shortChapterTitle,
  storyDescription,
  TitleBook,
  vocabularyFor,
  type Cast,
} from './prose';
import { createRng, hashSeed } from './random';
import { storyStats, storyTimes } from './stats';
import type { SeedLogOptions, SeedReport } from './types';

export const LARGE_SEED = 424_242;
/** Stories per transaction; with 50 chapters each, one chapter statement writes 10,000 rows. */
const STORY_BATCH = 200;
const TEXTS_PER_FAMILY = 8;
const TITLES_PER_FAMILY = 16;

export interface LargeSeedOptions extends SeedLogOptions {
  stories: number;
  chaptersPerStory: number;
}

const FAMILIES = [...new Set(SEED_GENRES.map((genre) => genre.family))] as GenreFamily[];
// Genres that change the cast's sexes are left out, so the shared chapter texts always fit the cast.
const LARGE_GENRES = SEED_GENRES.map((genre) => genre.name).filter((name) => !MALE_LEAD_GENRES.includes(name));

interface TextPool {
  family: number[];
  slot: number[];
  body: string[];
  words: number[];
  lead: string[];
  partner: string[];
  foe: string[];
  group: string[];
  home: string[];
  titleFamily: number[];
  titleSlot: number[];
  title: string[];
}

/**
 * A few chapters per family, written once: the database copies them into every story with the
 * story's own names put in place of the pool's, which keeps 500,000 rows fast to write.
 */
function buildTextPool(): TextPool {
  const pool: TextPool = { family: [], slot: [], body: [], words: [], lead: [], partner: [], foe: [], group: [], home: [], titleFamily: [], titleSlot: [], title: [] };
  FAMILIES.forEach((family, f) => {
    const rng = createRng(hashSeed(LARGE_SEED, 'pool', family));
    const vocabulary = vocabularyFor(family);
    const cast = createCast(rng, vocabulary, []);
    for (let slot = 0; slot < TEXTS_PER_FAMILY; slot++) {
      const body = chapterContent(rng, vocabulary, cast);
      pool.family.push(f);
      pool.slot.push(slot);
      pool.body.push(body);
      pool.words.push(countWords(body));
      pool.lead.push(cast.lead.name);
      pool.partner.push(cast.partner.name);
      pool.foe.push(cast.foe.name);
      pool.group.push(cast.group);
      pool.home.push(cast.home);
    }
    for (let slot = 0; slot < TITLES_PER_FAMILY; slot++) {
      pool.titleFamily.push(f);
      pool.titleSlot.push(slot);
      pool.title.push(shortChapterTitle(rng, vocabulary, cast));
    }
  });
  return pool;
}

interface LargeStory {
  row: StoryRow;
  genres: string[];
  family: number;
  ordinal: number;
  cast: Cast;
}

function planLargeStory(ordinal: number, chaptersPerStory: number, titles: TitleBook, pool: TextPool): LargeStory {
  const rng = createRng(hashSeed(LARGE_SEED, 'story', ordinal));
  const genres = pickGenres(rng, rng.pick(LARGE_GENRES)).filter((name) => !MALE_LEAD_GENRES.includes(name));
  const family = familyOf(genres);
  const vocabulary = vocabularyFor(family);
  const cast = createCast(rng, vocabulary, genres);
  const title = titles.next(rng, vocabulary, cast);
  const author = penName(rng);
  const status = rng.chance(0.4) ? 'completed' : 'ongoing';
  const familyIndex = FAMILIES.indexOf(family);
  let wordCount = 0;
  for (let index = 1; index <= chaptersPerStory; index++) wordCount += pool.words[familyIndex * TEXTS_PER_FAMILY + ((ordinal + index) % TEXTS_PER_FAMILY)];
  const times = storyTimes(rng, chaptersPerStory, status);
  return {
    genres,
    family: familyIndex,
    ordinal,
    cast,
    // The "-l<ordinal>" suffix keeps these slugs apart from the demo catalogue's and from earlier runs'.
    row: {
      slug: `${slugify(title)}-l${ordinal}`,
      title,
      author,
      description: storyDescription(rng, vocabulary, cast),
      status,
      chapterCount: chaptersPerStory,
      wordCount,
      ...storyStats(rng, chaptersPerStory, status),
      searchTitle: foldVietnamese(title),
      searchAuthor: foldVietnamese(author),
      createdAt: times.createdAt,
      latestChapterAt: times.latestChapterAt,
    },
  };
}

async function insertLargeChapters(executor: Pick<Database, 'execute'>, stories: readonly (LargeStory & { id: number })[], chaptersPerStory: number, pool: TextPool) {
  const storyColumn = <T>(pick: (story: LargeStory & { id: number }) => T) => stories.map(pick);
  await executor.execute(sql`
    WITH s AS (
      SELECT * FROM unnest(${arrayParam(storyColumn((s) => s.id), 'int')}, ${arrayParam(storyColumn((s) => s.family), 'int')},
        ${arrayParam(storyColumn((s) => s.ordinal), 'int')}, ${arrayParam(storyColumn((s) => s.cast.lead.name), 'text')},
        ${arrayParam(storyColumn((s) => s.cast.partner.name), 'text')}, ${arrayParam(storyColumn((s) => s.cast.foe.name), 'text')},
        ${arrayParam(storyColumn((s) => s.cast.group), 'text')}, ${arrayParam(storyColumn((s) => s.cast.home), 'text')},
        ${arrayParam(isoDates(storyColumn((s) => s.row.createdAt)), 'timestamptz')},
        ${arrayParam(isoDates(storyColumn((s) => s.row.latestChapterAt)), 'timestamptz')})
        AS s(id, family, ordinal, lead, partner, foe, grp, home, created, latest)
    ), p AS (
      SELECT * FROM unnest(${arrayParam(pool.family, 'int')}, ${arrayParam(pool.slot, 'int')}, ${arrayParam(pool.body, 'text')},
        ${arrayParam(pool.words, 'int')}, ${arrayParam(pool.lead, 'text')}, ${arrayParam(pool.partner, 'text')},
        ${arrayParam(pool.foe, 'text')}, ${arrayParam(pool.group, 'text')}, ${arrayParam(pool.home, 'text')})
        AS p(family, slot, body, words, lead, partner, foe, grp, home)
    ), t AS (
      SELECT * FROM unnest(${arrayParam(pool.titleFamily, 'int')}, ${arrayParam(pool.titleSlot, 'int')},
        ${arrayParam(pool.title, 'text')}) AS t(family, slot, title)
    )
    INSERT INTO chapters (story_id, index, title, content, word_count, vip, created_at, updated_at)
    SELECT s.id, g.i,
      'Chương ' || g.i || ': ' || replace(replace(replace(t.title, p.lead, s.lead), p.partner, s.partner), p.foe, s.foe),
      replace(replace(replace(replace(replace(p.body, p.lead, s.lead), p.partner, s.partner), p.foe, s.foe), p.grp, s.grp), p.home, s.home),
      p.words, false,
      s.created + (s.latest - s.created) * ((g.i - 1)::float8 / greatest(${chaptersPerStory - 1}::int, 1)),
      s.created + (s.latest - s.created) * ((g.i - 1)::float8 / greatest(${chaptersPerStory - 1}::int, 1))
    FROM s
    CROSS JOIN generate_series(1, ${chaptersPerStory}::int) AS g(i)
    JOIN p ON p.family = s.family AND p.slot = (s.ordinal + g.i) % ${TEXTS_PER_FAMILY}::int
    JOIN t ON t.family = s.family AND t.slot = (s.ordinal * 7 + g.i) % ${TITLES_PER_FAMILY}::int`);
}

/**
 * Adds a benchmark catalogue of `stories` × `chaptersPerStory` chapters to whatever the database
 * already holds, one transaction per batch of stories, and logs progress in rows per second.
 */
export async function seedLargeCatalogue(database: Database, options: LargeSeedOptions): Promise<SeedReport> {
  const { stories, chaptersPerStory } = options;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const pool = buildTextPool();
  const genreIdsByName = await seedGenres(database);
  const existing = await database.execute(sql`SELECT id, title FROM stories`);
  // Ids are never reused, so ordinals above the highest id never meet an earlier run's slugs.
  const offset = existing.rows.reduce((max, row) => Math.max(max, Number(row.id)), 0);
  const titles = new TitleBook(existing.rows.map((row) => String(row.title)));
  log(`Đang tạo ${stories} truyện × ${chaptersPerStory} chương = ${stories * chaptersPerStory} chương…`);

  let storiesWritten = 0;
  let chaptersWritten = 0;
  for (let first = 0; first < stories; first += STORY_BATCH) {
    const batch: LargeStory[] = [];
    for (let n = first; n < Math.min(stories, first + STORY_BATCH); n++) batch.push(planLargeStory(offset + n + 1, chaptersPerStory, titles, pool));
    const inserted = await database.transaction(async (tx) => {
      const ids = await insertStories(tx, batch.map((story) => story.row));
      const placed = batch.flatMap((story) => {
        const id = ids.get(story.row.slug);
        return id === undefined ? [] : [{ ...story, id }];
      });
      await insertStoryGenres(tx, placed.flatMap((story) => story.genres.map((name) => [story.id, genreIdsByName.get(name) as number] as const)));
      await insertLargeChapters(tx, placed, chaptersPerStory, pool);
      return placed.length;
    });
    storiesWritten += inserted;
    chaptersWritten += inserted * chaptersPerStory;
    const seconds = (performance.now() - started) / 1000;
    log(`  ${storiesWritten}/${stories} truyện, ${chaptersWritten} chương, ${Math.round(chaptersWritten / seconds)} chương/giây`);
  }

  const ms = Math.round(performance.now() - started);
  const rate = Math.round(chaptersWritten / (ms / 1000));
  log(`Xong: ${storiesWritten} truyện, ${chaptersWritten} chương trong ${(ms / 1000).toFixed(1)} giây (${rate} chương/giây).`);
  return { genres: SEED_GENRES.length, stories: storiesWritten, chapters: chaptersWritten, ms };
}
