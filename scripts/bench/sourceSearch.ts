/**
 * Benchmark of searching the source sites from Nhúng, without the network: building the reverse
 * Hán-Việt index (once per process, in slices between turns of the event loop) and its heap, reading a Hán-Việt title back to Chinese
 * (median of 200), a whole search across the four searchable fixture sites in process (the
 * production fetcher with its politeness and an in-memory page cache: cold, then cached; median
 * of 20), and merging 400 hits from four sites into rows (median of 200).
 * Run: npx tsx scripts/bench/sourceSearch.ts
 */
import { performance } from 'node:perf_hooks';
import { createFixtureSites, fixtureFetcher } from '../../__tests__/fixtures/sources/sites';
import { chineseCandidates, reverseIndex } from '@/server/convert/reverse';
import { memoryFetchCache } from '@/server/fetch/cache';
import { searchSources } from '@/server/services/embedding/search';
import { mergeSearchHits, type SiteSearchHit } from '@/server/sources/searchMerge';
import { runWhenMain } from './support/main';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timedMs(work: () => unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export async function run(): Promise<Record<string, number | string>> {
  process.env.SOURCES_NO_SPACING = '1';
  const heapBefore = process.memoryUsage().heapUsed;
  const buildMs = await timedMs(() => reverseIndex());
  const index = await reverseIndex();
  const heapMb = Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6);
  const titles = ['Phàm Nhân Tu Tiên Truyện', 'Đấu Phá Thương Khung', 'Già Thiên', 'Thanh Vân Vấn Đạo Lục', 'pham nhan tu tien'];
  const reads: number[] = [];
  for (let i = 0; i < 200; i++) reads.push(await timedMs(() => chineseCandidates(titles[i % titles.length], 3, index)));

  const sites = createFixtureSites();
  const cache = memoryFetchCache();
  const fetcher = fixtureFetcher(sites, { cache });
  const plan = { query: '凡人修仙传', chinese: '凡人修仙传', alternatives: [] };
  const cold = await timedMs(() => searchSources(plan, () => undefined, { fetcher, timeoutMs: 15_000, perSite: 10 }));
  const warm: number[] = [];
  for (let i = 0; i < 20; i++) warm.push(await timedMs(() => searchSources(plan, () => undefined, { fetcher, timeoutMs: 15_000, perSite: 10 })));

  const hits: SiteSearchHit[] = [];
  for (let site = 0; site < 4; site++) {
    for (let i = 0; i < 100; i++) {
      hits.push({ siteId: `s${site}`, siteName: `s${site}`, siteRank: site, title: `书名${i % 60}（全本）`, author: `作者${i % 60}`, url: `https://s${site}.example/${i}`, sourceUrl: `https://s${site}.example/${i}` });
    }
  }
  const merges: number[] = [];
  for (let i = 0; i < 200; i++) merges.push(await timedMs(() => mergeSearchHits(hits, '书名1')));

  return {
    'reverse index build (ms, once per process)': Math.round(buildMs),
    'reverse index heap (MB)': heapMb,
    'Hán-Việt → Chinese candidates (ms, median)': round(median(reads)),
    'search of 4 fixture sites, cold (ms)': Math.round(cold),
    'search of 4 fixture sites, cached (ms, median)': round(median(warm)),
    'merge 400 hits → rows (ms, median)': round(median(merges)),
  };
}

runWhenMain(module, run);
