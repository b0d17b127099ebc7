import { parseChineseNumber } from '@/server/convert/numbers';
import { bookKey, normaliseAuthor, normaliseTitle } from './bookIdentity';
import type { SourceSearchHit } from './types';

/** A search hit with the site it came from and the book it names there. */
export interface SiteSearchHit extends SourceSearchHit {
  siteId: string;
  siteName: string;
  /** The site's canonical book page. */
  sourceUrl: string;
  /** The site's position in the list of sites: ties between rows go to the earlier site. */
  siteRank: number;
}

export interface MergedSearchBook {
  key: string;
  title: string;
  author: string;
  hits: SiteSearchHit[];
}

/** "第1234章 …" → 1234: how many chapters a latest chapter heading says there are, when it says. */
export function chaptersFromHeading(heading: string | undefined): number | null {
  const match = heading?.match(/第\s*([0-9０-９零〇一二两三四五六七八九十百千万]+)\s*[章回节節]/u);
  const value = match ? parseChineseNumber(match[1]) : null;
  return value !== null && value > 0 && value < 1_000_000 ? value : null;
}

/**
 * One row per book across the sites: hits whose normalised title and author are equal are one
 * book (server/sources/bookIdentity.ts); a site listing the same book twice keeps its first.
 * Rows are ordered by how well the title answers the query (equal, then containing it), then by
 * how many sites have the book, then by the best place any site gave it.
 */
export function mergeSearchHits(hits: readonly SiteSearchHit[], query: string): MergedSearchBook[] {
  const rows = new Map<string, MergedSearchBook & { best: number }>();
  hits.forEach((hit, order) => {
    const key = bookKey(hit);
    let row = rows.get(key);
    if (!row) {
      row = { key, title: hit.title, author: hit.author, hits: [], best: Number.POSITIVE_INFINITY };
      rows.set(key, row);
    }
    if (row.hits.some((other) => other.siteId === hit.siteId)) return;
    row.hits.push(hit);
    row.best = Math.min(row.best, order);
    row.hits.sort((a, b) => a.siteRank - b.siteRank);
    // The title as the first site (in the sites' order) writes it.
    row.title = row.hits[0].title;
    row.author = row.hits.find((other) => other.author)?.author ?? '';
  });
  const wanted = normaliseTitle(query);
  const wantedAuthor = normaliseAuthor(query);
  const fit = (row: MergedSearchBook) => {
    const title = normaliseTitle(row.title);
    if (title === wanted || normaliseAuthor(row.author) === wantedAuthor) return 0;
    return wanted && title.includes(wanted) ? 1 : 2;
  };
  return [...rows.values()]
    .sort((a, b) => fit(a) - fit(b) || b.hits.length - a.hits.length || a.best - b.best)
    .map(({ best: _best, ...row }) => row);
}
