import { and, asc, eq, max, sql } from 'drizzle-orm';
import { CHAPTER_OPTIONS, SORT_OPTIONS } from '@/lib/constants';
import { chaptersUrl, genreUrl, INFO_PAGES, rankingUrl, searchUrl, storyUrl } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo';
import type { Database } from '../db/client';
import { genres, stories } from '../db/schema';

/** Stories per sitemap file: well under the protocol's 50,000 URLs and 50 MB, quick to generate. */
export const STORIES_PER_SITEMAP = 10_000;

const indexable = and(eq(stories.hidden, false), eq(stories.indexable, true));

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

interface UrlEntry {
  path: string;
  lastmod?: Date | null;
  priority?: number;
}

function urlset(entries: UrlEntry[]): string {
  const urls = entries.map(({ path, lastmod, priority }) =>
    [
      '<url>',
      `<loc>${escapeXml(absoluteUrl(path))}</loc>`,
      lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '',
      priority !== undefined ? `<priority>${priority.toFixed(1)}</priority>` : '',
      '</url>',
    ].join(''),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export const pagesSitemapPath = '/sitemap/trang.xml';
export const storiesSitemapPath = (n: number) => `/sitemap/truyen-${n}.xml`;

/** /sitemap.xml: the index of the pages sitemap and one sitemap per 10,000 stories. */
export async function sitemapIndex(database: Database): Promise<string> {
  const [{ count, updated }] = await database
    .select({ count: sql<number>`count(*)`.mapWith(Number), updated: max(stories.updatedAt) })
    .from(stories)
    .where(indexable);
  const files = Math.max(1, Math.ceil(count / STORIES_PER_SITEMAP));
  const lastmod = updated ? `<lastmod>${new Date(updated).toISOString()}</lastmod>` : '';
  const entries = [pagesSitemapPath, ...Array.from({ length: files }, (_, i) => storiesSitemapPath(i + 1))].map(
    (path) => `<sitemap><loc>${escapeXml(absoluteUrl(path))}</loc>${lastmod}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** Home, lists, rankings, genres, chapter buckets and the info pages. */
export async function pagesSitemap(database: Database): Promise<string> {
  const genreRows = await database.select({ name: genres.name }).from(genres).orderBy(asc(genres.position));
  return urlset([
    { path: '/', priority: 1 },
    { path: searchUrl(), priority: 0.8 },
    { path: rankingUrl(), priority: 0.8 },
    ...SORT_OPTIONS.map((option) => ({ path: rankingUrl(option.key), priority: 0.6 })),
    ...genreRows.map((genre) => ({ path: genreUrl(genre.name), priority: 0.7 })),
    ...CHAPTER_OPTIONS.map((option) => ({ path: chaptersUrl(option.key), priority: 0.5 })),
    ...INFO_PAGES.map((page) => ({ path: page.href, priority: 0.3 })),
  ]);
}

/** The n-th (1-based) file of story pages, in id order; undefined past the last file. */
export async function storiesSitemap(database: Database, n: number): Promise<string | undefined> {
  const rows = await database
    .select({ slug: stories.slug, updatedAt: stories.updatedAt, latest: stories.latestChapterAt })
    .from(stories)
    .where(indexable)
    .orderBy(asc(stories.id))
    .limit(STORIES_PER_SITEMAP)
    .offset((n - 1) * STORIES_PER_SITEMAP);
  if (rows.length === 0 && n > 1) return undefined;
  return urlset(
    rows.map((row) => ({
      path: storyUrl(row.slug),
      lastmod: row.latest && row.latest > row.updatedAt ? row.latest : row.updatedAt,
    })),
  );
}

export function robotsTxt(): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /user', 'Disallow: /vip/ket-qua', '', `Sitemap: ${absoluteUrl('/sitemap.xml')}`, ''].join('\n');
}
