import type { GetStaticProps } from 'next';
import type { SiteSettings } from '@/lib/types';
import { db, type Database } from '../db/client';
import { getSiteSettings } from './settings';

/**
 * The site settings every page passes to the layout (`settings` page prop), so the header's genre
 * menu is in the server HTML everywhere. Kept for a minute per process: genres change only when an
 * operator edits them, and every page render would otherwise read them again.
 */
const TTL_MS = 60_000;
/** Pages whose only data is the settings are regenerated this often (ISR). */
export const SETTINGS_PAGE_REVALIDATE_S = 3600;

let cache: { at: number; value: Promise<SiteSettings> } | undefined;

export function pageSettings(database: Database = db(), now = Date.now()): Promise<SiteSettings> {
  if (cache && now - cache.at < TTL_MS) return cache.value;
  const value = getSiteSettings(database);
  const entry = { at: now, value };
  cache = entry;
  // A failed read is not remembered.
  value.catch(() => cache === entry && (cache = undefined));
  return value;
}

/** getStaticProps of a page with no data of its own (info pages, 404, profile shells). */
export const settingsOnlyProps: GetStaticProps<{ settings: SiteSettings }> = async () => ({
  props: { settings: await pageSettings() },
  revalidate: SETTINGS_PAGE_REVALIDATE_S,
});

/**
 * "Now" for relative times in server-rendered lists, to the minute: the same list rendered twice
 * within a minute is the same HTML, so its ETag matches and a cache revalidates with a 304.
 */
export const renderMinute = (now = Date.now()) => Math.floor(now / 60_000) * 60_000;
