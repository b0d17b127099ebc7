import { asc } from 'drizzle-orm';
import { CHAPTER_OPTIONS, SORT_OPTIONS } from '@/lib/constants';
import type { SiteSettings } from '@/lib/types';
import type { Database } from '../db/client';
import { genres } from '../db/schema';

/** The site settings of spec §3: genres (with the fire marker) and the two filters. */
export async function getSiteSettings(database: Database): Promise<SiteSettings> {
  const rows = await database.select().from(genres).orderBy(asc(genres.position), asc(genres.id));
  return {
    cats: rows.map((row) => ({ _id: String(row.id), name: row.name, slug: row.slug, hot: row.hot })),
    filters: [
      { key: 'sort', name: 'Bảng xếp hạng', options: SORT_OPTIONS.map(({ key, name }) => ({ key, name })) },
      { key: 'chapters', name: 'Số chương', options: CHAPTER_OPTIONS.map(({ key, name }) => ({ key, name })) },
    ],
  };
}
