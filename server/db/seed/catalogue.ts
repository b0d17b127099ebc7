import { CHAPTER_OPTIONS } from '@/lib/constants';
import { foldVietnamese } from '@/lib/text/fold';
import { isReservedSlug, slugify } from '@/lib/text/slug';
import { CROSSOVER_GENRES, SEED_GENRES, type GenreFamily } from './genres';
import { createCast, familyOf, penName, storyDescription, TitleBook, vocabularyFor, type Cast } from './prose';
import { createRng, hashSeed, type Rng } from './random';
import { storyStats, storyTimes, type StoryStats, type StoryStatus, type StoryTimes } from './stats';

export const DEMO_SEED = 20_261_120;
export const DEFAULT_DEMO_STORIES = 120;
/** Stories whose newest chapters are early access for VIP members, and how many chapters. */
export const VIP_TAIL_STORIES = 2;
export const VIP_TAIL_CHAPTERS = 3;

export interface StoryPlan {
  /** Seed of the story's own generator; chapter N uses hashSeed(seed, N). */
  seed: number;
  slug: string;
  title: string;
  author: string;
  description: string;
  genres: string[];
  family: GenreFamily;
  cast: Cast;
  status: StoryStatus;
  chapterCount: number;
  /** The last `vipChapters` chapters are VIP-only. */
  vipChapters: number;
  stats: StoryStats;
  times: StoryTimes;
  searchTitle: string;
  searchAuthor: string;
}

type Bucket = (typeof CHAPTER_OPTIONS)[number]['key'];

/** Chapter counts drawn for each bucket of the chapter filter; the total stays near 20,000 rows for 120 stories. */
const BUCKET_DRAW: Record<Bucket, (rng: Rng) => number> = {
  'duoi-100': (rng) => rng.int(5, 99),
  '100-500': (rng) => 100 + Math.floor(rng.next() ** 2 * 400),
  '500-1000': (rng) => rng.int(500, 800),
  'tren-1000': (rng) => rng.int(1000, 1300),
};

/** How many stories fall in each bucket: every bucket has at least one once there are four stories. */
export function bucketPlan(stories: number): Bucket[] {
  const share = (fraction: number) => (stories >= 4 ? Math.max(1, Math.round(stories * fraction)) : 0);
  const large = share(0.03);
  const long = share(0.07);
  const medium = share(0.3);
  const plan: Bucket[] = [
    ...Array<Bucket>(large).fill('tren-1000'),
    ...Array<Bucket>(long).fill('500-1000'),
    ...Array<Bucket>(medium).fill('100-500'),
  ];
  while (plan.length < stories) plan.push('duoi-100');
  return plan.slice(0, stories);
}

const GENRE_WEIGHTS: readonly (readonly [string, number])[] = SEED_GENRES.map((genre) => [
  genre.name,
  ['Tiên Hiệp', 'Huyền Huyễn', 'Ngôn Tình', 'Đô Thị'].includes(genre.name) ? 6 : genre.name === 'Khác' ? 1 : 2,
]);

/** A story's genres: its main one first, then up to two that suit it. */
export function pickGenres(rng: Rng, primary: string): string[] {
  const family = SEED_GENRES.find((genre) => genre.name === primary)?.family;
  const kin = SEED_GENRES.filter((genre) => genre.family === family && genre.name !== primary).map((genre) => genre.name);
  const pool = [...new Set([...kin, ...CROSSOVER_GENRES])].filter((name) => name !== primary);
  return [primary, ...rng.sample(pool, rng.weighted([[0, 2], [1, 5], [2, 3]]))];
}

export function uniqueSlug(title: string, taken: Set<string>): string {
  let base = slugify(title) || 'truyen';
  if (isReservedSlug(base)) base = `${base}-truyen`;
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/** Pen names, some of which write several stories so "other stories by this author" has results. */
function authorFor(rng: Rng, used: string[]): string {
  if (used.length > 0 && rng.chance(0.3)) return rng.pick(used);
  for (;;) {
    const name = penName(rng);
    if (!used.includes(name)) {
      used.push(name);
      return name;
    }
  }
}

/** The whole demo catalogue as data, before it touches a database. Deterministic. */
export function planDemoCatalogue(stories = DEFAULT_DEMO_STORIES, seed = DEMO_SEED): StoryPlan[] {
  const rng = createRng(hashSeed(seed, 'plan'));
  const buckets = rng.shuffle(bucketPlan(stories));
  // Every genre leads at least one story (while there are stories to go round), so no genre page is empty.
  const primaries = SEED_GENRES.map((genre) => genre.name);
  const titles = new TitleBook();
  const slugs = new Set<string>();
  const authors: string[] = [];
  const plans: StoryPlan[] = [];

  for (let i = 0; i < stories; i++) {
    const storySeed = hashSeed(seed, 'story', i);
    const own = createRng(storySeed);
    const genres = pickGenres(rng, i < primaries.length ? primaries[i] : rng.weighted(GENRE_WEIGHTS));
    const family = familyOf(genres);
    const vocabulary = vocabularyFor(family);
    const cast = createCast(own, vocabulary, genres);
    const title = titles.next(own, vocabulary, cast);
    const author = authorFor(rng, authors);
    const chapterCount = BUCKET_DRAW[buckets[i]](own);
    const status: StoryStatus = own.chance(chapterCount < 100 ? 0.3 : 0.45) ? 'completed' : 'ongoing';
    plans.push({
      seed: storySeed,
      slug: uniqueSlug(title, slugs),
      title,
      author,
      description: storyDescription(own, vocabulary, cast),
      genres,
      family,
      cast,
      status,
      chapterCount,
      vipChapters: 0,
      stats: storyStats(own, chapterCount, status),
      times: storyTimes(own, chapterCount, status),
      searchTitle: foldVietnamese(title),
      searchAuthor: foldVietnamese(author),
    });
  }

  rng
    .shuffle(plans.filter((plan) => plan.status === 'ongoing' && plan.chapterCount >= 10))
    .slice(0, VIP_TAIL_STORIES)
    .forEach((plan) => {
      plan.vipChapters = VIP_TAIL_CHAPTERS;
    });
  return plans;
}
