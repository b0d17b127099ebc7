/**
 * First-load JavaScript per page, gzip, from the build's bundle stats
 * (<distDir>/diagnostics/route-bundle-stats.json), beside the framework's floor: the 404 page's
 * first-load JS in the same build. Target: every page at most 25 KB above the floor.
 * Run after a build: NEXT_DIST_DIR=.next npx tsx scripts/bench/bundle.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { runWhenMain } from './support/main';

interface RouteStats {
  route: string;
  firstLoadUncompressedJsBytes: number;
  firstLoadChunkPaths: string[];
}

const BUDGET_KB = 25;
const FLOOR_ROUTES = ['/404', '/_error'];

const gzipCache = new Map<string, number>();
function gzippedSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.resolve(file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function run(distDir = process.env.NEXT_DIST_DIR || '.next'): Promise<Record<string, number | string>> {
  const statsFile = path.join(distDir, 'diagnostics', 'route-bundle-stats.json');
  if (!fs.existsSync(statsFile)) throw new Error(`No bundle stats at ${statsFile}: run a build first (NEXT_DIST_DIR selects the build).`);
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as RouteStats[];
  const pages = stats.filter((entry) => !entry.route.startsWith('/api/'));
  const sizes = new Map(pages.map((entry) => [entry.route, entry.firstLoadChunkPaths.reduce((sum, file) => sum + gzippedSize(file), 0)]));
  const floorRoute = FLOOR_ROUTES.find((route) => sizes.has(route));
  if (!floorRoute) throw new Error('No 404 or _error route in the bundle stats to take the floor from.');
  const floor = sizes.get(floorRoute)!;

  const result: Record<string, number | string> = { floorRoute, floorKbGzip: kb(floor), budgetKbAboveFloor: BUDGET_KB };
  let worst = 0;
  let over = 0;
  for (const [route, size] of [...sizes].sort(([a], [b]) => a.localeCompare(b))) {
    const above = size - floor;
    worst = Math.max(worst, above);
    if (kb(above) > BUDGET_KB) over++;
    result[`${route} kbGzip (+above floor)`] = `${kb(size)} (+${kb(above)})`;
  }
  result.worstKbAboveFloor = kb(worst);
  result.pagesOverBudget = over;
  return result;
}

runWhenMain(module, run);
