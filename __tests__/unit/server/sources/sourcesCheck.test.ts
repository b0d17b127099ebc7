/** @jest-environment node */
import { checkSearch, checkSource, formatCheck, formatSearchCheck } from '@/scripts/sources-check';
import { ADAPTERS, adapterById } from '@/server/sources';
import { createSourceFetcher } from '@/server/sources/fetcher';
import { fixtureSourcesForFile } from '../../../helpers/fixtureSources';

/** `npm run sources:check` against the fixture server: what CI can run without the internet. */
const fixtureSites = fixtureSourcesForFile();

it('reaches, parses and counts the sample book of every source, on each of its layouts', async () => {
  const fetcher = createSourceFetcher(ADAPTERS, { cache: null });
  const hosts: string[] = [];
  for (const adapter of ADAPTERS) {
    for (const bookId of adapter.sampleBookIds) {
      const check = await checkSource(adapter, fetcher, bookId);
      expect(check).toEqual({ site: adapter.id, host: expect.any(String), reachable: true, parsed: true, chapters: expect.any(Number), blockedBy: null });
      expect(check.chapters).toBeGreaterThan(10);
      hosts.push(check.host);
    }
  }
  expect(hosts).toEqual(expect.arrayContaining(['uukanshu.cc', 'www.uukanshu.net', 'ixdzs8.com', 'ixdzs.tw']));
});

it('says what blocked a source', async () => {
  fixtureSites().setMode('69shuba', 'challenge');
  try {
    const check = await checkSource(adapterById('69shuba')!, createSourceFetcher(ADAPTERS, { cache: null }));
    expect(check).toMatchObject({ reachable: true, parsed: false, chapters: 0, blockedBy: 'SOURCE_BLOCKED 403 (Cloudflare check)' });
    expect(formatCheck(check)).toBe(
      '69shuba     www.69shuba.com     reachable=yes  parsed=no  chapters=0  blocked-by=SOURCE_BLOCKED 403 (Cloudflare check)',
    );
  } finally {
    fixtureSites().setMode('69shuba', 'normal');
  }
});

it("searches each site that has a search for its sample book's title and finds it", async () => {
  const fetcher = createSourceFetcher(ADAPTERS, { cache: null });
  const searchable = ADAPTERS.filter((adapter) => adapter.search);
  expect(searchable.map((adapter) => adapter.id)).toEqual(['69shuba', '22biqu', 'ixdzs8', 'piaotia']);
  for (const adapter of searchable) {
    const check = await checkSearch(adapter, fetcher);
    expect(check).toEqual({ site: adapter.id, query: expect.any(String), results: expect.any(Number), found: true, blockedBy: null });
    expect(formatSearchCheck(check)).toMatch(new RegExp(`^${adapter.id}\\s+search ".+"  results=\\d+  found=yes  blocked-by=-$`));
  }
});

it('says what blocked a search', async () => {
  fixtureSites().setMode('22biqu', 'block');
  try {
    const check = await checkSearch(adapterById('22biqu')!, createSourceFetcher(ADAPTERS, { cache: null }));
    expect(check).toMatchObject({ found: false, blockedBy: expect.stringContaining('SOURCE_BLOCKED') });
  } finally {
    fixtureSites().setMode('22biqu', 'normal');
  }
});
