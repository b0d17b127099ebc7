import { SORT_OPTIONS, type SortKey } from '@/lib/constants';
import { MAX_PAGE } from '@/lib/routes';
import type { Paged, SiteSettings, StoryCard } from '@/lib/types';
import type { Database } from '../db/client';
import { renderMinute } from './pageSettings';
import { topStories } from './rankings';
import { getSiteSettings } from './settings';

export const RANKING_PER_PAGE = 30;
export const DEFAULT_RANKING: SortKey = 'hot';

export type RankingRequest = { ok: true; sort: SortKey; page: number } | { ok: false; sort?: SortKey };

/** A ranking page request: a known `sort` (none: the default) and a page from 1 to MAX_PAGE + 1. */
export function parseRankingRequest(sortText: string | undefined, pageText: string | undefined): RankingRequest {
  const sort = SORT_OPTIONS.find((option) => option.key === sortText)?.key;
  const page = pageText === undefined ? 1 : /^\d+$/.test(pageText) ? Number(pageText) : 0;
  if ((sortText !== undefined && !sort) || page < 1 || page > MAX_PAGE + 1) return { ok: false, sort };
  return { ok: true, sort: sort ?? DEFAULT_RANKING, page };
}

export interface RankingPageData {
  settings: SiteSettings;
  sort: SortKey;
  list: Paged<StoryCard>;
  now: number;
}

export async function rankingPageData(database: Database, sort: SortKey, page: number): Promise<RankingPageData> {
  const [settings, list] = await Promise.all([getSiteSettings(database), topStories(database, sort, page - 1, RANKING_PER_PAGE)]);
  return { settings, sort, list, now: renderMinute() };
}
