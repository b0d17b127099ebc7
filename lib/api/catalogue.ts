import type { SiteSettings, Story } from '../types';
import { api, bookApi } from './client';
import { quietly } from './policy';

export function getSetting(): Promise<SiteSettings | undefined> {
  return quietly('getSetting', async () => (await api.get<{ result: SiteSettings }>('/auth/setting')).data.result);
}

/** GET /book/slug/{slug} on the second host; reads results[0]. */
export function getBookBySlug(slug: string): Promise<Story | undefined> {
  return quietly('getBookBySlug', async () => {
    const { data } = await bookApi.get<{ results: Story[] }>(`/book/slug/${encodeURIComponent(slug)}`);
    return data.results[0];
  });
}
