/** @jest-environment node */
import { instantClock } from '@/__tests__/fixtures/sources/sites';
import { QINGYUN } from '@/__tests__/fixtures/sources/books';
import { shuba69Adapter } from '@/server/sources/adapters/shuba69';
import { createSourceFetcher } from '@/server/sources/fetcher';
import { fixtureSourcesForFile } from '../../../helpers/fixtureSources';

/** Requests routed to the fixture sites keep each site's production spacing unless a suite opts out. */
fixtureSourcesForFile();

async function sleepsBetweenTwoPages(): Promise<number[]> {
  const clock = instantClock();
  const fetcher = createSourceFetcher([shuba69Adapter], { cache: null, clock });
  await shuba69Adapter.fetchBook(QINGYUN.bookId, fetcher);
  await shuba69Adapter.fetchChapterList(QINGYUN.bookId, fetcher);
  return clock.sleeps;
}

it('waits 69shuba’s 3 s or more between two pages, as in production', async () => {
  delete process.env.SOURCES_NO_SPACING;
  const sleeps = await sleepsBetweenTwoPages();
  expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(shuba69Adapter.fetching.politeness.minIntervalMs);
});

it('does not wait when SOURCES_NO_SPACING=1', async () => {
  process.env.SOURCES_NO_SPACING = '1';
  expect((await sleepsBetweenTwoPages()).filter((ms) => ms > 0)).toEqual([]);
});
