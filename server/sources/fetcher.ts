import { dbFetchCache, type FetchCache } from '@/server/fetch/cache';
import { createImpitClient } from '@/server/fetch/clients/impit';
import { nodeClient } from '@/server/fetch/clients/node';
import type { HttpClient } from '@/server/fetch/clients/types';
import { createCookieJars } from '@/server/fetch/cookies';
import { FetchError } from '@/server/fetch/errors';
import { createPoliteFetcher, type SiteFetchProfile, type TextFetcher } from '@/server/fetch/politeFetch';
import { createHostGate, systemClock, type Clock } from '@/server/fetch/politeness';
import { createSharedHostGate } from '@/server/fetch/sharedPoliteness';
import { sourceRouting } from '@/server/env';
import { db, type Database } from '@/server/db/client';
import { adapterOfHost, allowedHosts, onCurrentDomains } from './domains';
import type { SourceAdapter } from './types';

export interface SourceFetcherOptions {
  /** Page cache; null asks the sites every time (checks for new chapters). */
  cache: FetchCache | null;
  /** The clock of the politeness gates (tests use a fake one). */
  clock?: Clock;
  /** Clients by kind; the process-wide ones when omitted. */
  clients?: Partial<Record<SourceAdapter['fetching']['client'], HttpClient>>;
  /** Shares each host's spacing, concurrency and cool-down with every process using this database. */
  shared?: Database;
}

let sharedImpit: HttpClient | undefined;

function clientOf(kind: SourceAdapter['fetching']['client'], given: SourceFetcherOptions['clients']): HttpClient {
  if (given?.[kind]) return given[kind];
  if (kind === 'node') return nodeClient;
  sharedImpit ??= createImpitClient();
  return sharedImpit;
}

/**
 * The fetching profile of each adapter: its client, one cookie jar per host, and its politeness
 * gate. A set of profiles is one "visitor": the process keeps one set, so every fetcher made by
 * `createFetcher` shares each site's turns, back-off and cookies.
 */
export function createProfiles(adapters: readonly SourceAdapter[], options: SourceFetcherOptions): (url: URL) => SiteFetchProfile {
  // Spacing stays as in production, fixture routing or not, unless a test suite turns it off.
  const unspaced = sourceRouting().noSpacing;
  const profiles = new Map<string, SiteFetchProfile>();
  for (const adapter of adapters) {
    const politeness = unspaced ? { ...adapter.fetching.politeness, minIntervalMs: 0, jitterMs: 0 } : adapter.fetching.politeness;
    profiles.set(adapter.id, {
      client: clientOf(adapter.fetching.client, options.clients),
      gate: sharedOr(createHostGate(politeness, options.clock ?? systemClock), options.shared),
      cookies: createCookieJars({ now: options.clock?.now }),
      inspect: (text, url) => adapter.inspect(text, url),
    });
  }
  return (url) => {
    const host = url.hostname.toLowerCase();
    const adapter = adapterOfHost(adapters, host);
    const profile = adapter && profiles.get(adapter.id);
    if (!profile) throw new FetchError('UNSUPPORTED_HOST', `no source answers for ${host}`);
    return profile;
  };
}

const sharedOr = (gate: ReturnType<typeof createHostGate>, database: Database | undefined) =>
  database ? createSharedHostGate(gate, database) : gate;

/** A fetcher over the given adapters' sites with its own profiles (tests, the sources check). */
export function createSourceFetcher(adapters: readonly SourceAdapter[], options: SourceFetcherOptions): TextFetcher {
  return createPoliteFetcher({
    allowHosts: adapters.flatMap((adapter) => adapter.hosts),
    cache: options.cache,
    profileFor: createProfiles(adapters, options),
  });
}

let processProfiles: { adapters: readonly SourceAdapter[]; profileFor: (url: URL) => SiteFetchProfile } | undefined;

/**
 * The production fetcher: safeFetch restricted to the adapters' hosts (and each site's current
 * domain, server/sources/domains.ts), each site's client and cookies shared across the process,
 * each host's politeness shared with every site process through the database, and the
 * `fetch_cache` table. `cache: false`
 * always asks the site (used when checking followed stories for new chapters).
 */
export function createAppFetcher(adapters: readonly SourceAdapter[], options: { cache?: boolean } = {}): TextFetcher {
  if (processProfiles?.adapters !== adapters) {
    processProfiles = { adapters, profileFor: createProfiles(adapters, { cache: null, shared: db() }) };
  }
  const fetcher = createPoliteFetcher({
    allowHosts: () => allowedHosts(adapters),
    cache: options.cache === false ? null : dbFetchCache(db),
    profileFor: processProfiles.profileFor,
  });
  return onCurrentDomains(adapters, db(), fetcher);
}
