import { parseSourceDomains } from '@/server/config/sourceDomains';
import type { Database } from '@/server/db/client';
import { siteDomains } from '@/server/db/schema';
import { sourceSettings } from '@/server/env';
import { logger } from '@/server/logger';
import type { PageRequest, TextFetcher } from '@/server/fetch/politeFetch';
import type { SourceAdapter } from './types';

/**
 * Where each site lives today. Adapters know their sites' domains as they were written; a site
 * that moves gets its new canonical domain from the console (`site_domains`, read by every
 * process within DOMAINS_REFRESH_MS), else from SOURCE_DOMAINS, else it keeps its adapter's first
 * domain. Stored stories keep the adapter's canonical URLs: requests to the adapter's canonical
 * host go to the site's current domain, and pages come back to the adapters as if read from the
 * canonical host, so the adapters' parsing and every stored link stay as they were.
 */

export const DOMAINS_REFRESH_MS = 30_000;

interface DomainState {
  adapters: readonly SourceAdapter[];
  configured: ReadonlyMap<string, string>;
  console: Map<string, string>;
  loadedAt: number;
  loading?: Promise<void>;
}

let state: DomainState | undefined;

function stateFor(adapters: readonly SourceAdapter[]): DomainState {
  if (state?.adapters !== adapters) {
    state = { adapters, configured: parseSourceDomains(sourceSettings().SOURCE_DOMAINS, adapters.map((a) => a.id)), console: new Map(), loadedAt: 0 };
  }
  return state;
}

/** The adapter's own canonical host: the one its stored URLs are written on. */
export const homeHost = (adapter: SourceAdapter): string => adapter.hosts[0];

/** A site's canonical domain today: the console's, else SOURCE_DOMAINS', else the adapter's own. */
export function currentDomain(adapters: readonly SourceAdapter[], adapter: SourceAdapter): string {
  const known = stateFor(adapters);
  return known.console.get(adapter.id) ?? known.configured.get(adapter.id) ?? homeHost(adapter);
}

/** Where each domain came from, for the console. */
export function domainOrigin(adapters: readonly SourceAdapter[], adapter: SourceAdapter): 'console' | 'setting' | 'adapter' {
  const known = stateFor(adapters);
  return known.console.has(adapter.id) ? 'console' : known.configured.has(adapter.id) ? 'setting' : 'adapter';
}

/** The site a host belongs to: one of its adapter's domains or its current domain. */
export function adapterOfHost(adapters: readonly SourceAdapter[], host: string): SourceAdapter | undefined {
  const name = host.toLowerCase();
  return adapters.find((adapter) => adapter.hosts.includes(name)) ?? adapters.find((adapter) => currentDomain(adapters, adapter) === name);
}

/** Every host a fetch may go to: every adapter's domains and each site's current one. */
export function allowedHosts(adapters: readonly SourceAdapter[]): string[] {
  return [...new Set([...adapters.flatMap((adapter) => adapter.hosts), ...adapters.map((adapter) => currentDomain(adapters, adapter))])];
}

/** A URL on a site's current domain when it names the adapter's canonical host; others pass unchanged. */
export function toCurrentDomain(adapters: readonly SourceAdapter[], url: string): string {
  const parsed = new URL(url);
  const adapter = adapters.find((candidate) => homeHost(candidate) === parsed.hostname.toLowerCase());
  if (!adapter) return url;
  const domain = currentDomain(adapters, adapter);
  if (domain === parsed.hostname) return url;
  parsed.hostname = domain;
  return parsed.href;
}

/** A URL on a site's current domain back on the adapter's canonical host (what adapters and stored links use). */
export function toHomeHost(adapters: readonly SourceAdapter[], url: string): string {
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase();
  const adapter = adapters.find((candidate) => currentDomain(adapters, candidate) === host && homeHost(candidate) !== host);
  if (!adapter) return url;
  parsed.hostname = homeHost(adapter);
  return parsed.href;
}

/** Reads the console's domains when the copy in this process is older than DOMAINS_REFRESH_MS. */
export async function refreshDomains(adapters: readonly SourceAdapter[], database: Database, force = false): Promise<void> {
  const known = stateFor(adapters);
  if (!force && Date.now() - known.loadedAt < DOMAINS_REFRESH_MS) return;
  known.loading ??= (async () => {
    try {
      const rows = await database.select({ site: siteDomains.site, domain: siteDomains.domain }).from(siteDomains);
      known.console = new Map(rows.map((row) => [row.site, row.domain]));
      known.loadedAt = Date.now();
    } catch (err) {
      // The domains last read (or the settings) keep serving until the database answers again.
      logger.warn({ err }, 'site domains could not be read');
    } finally {
      known.loading = undefined;
    }
  })();
  await known.loading;
}

/**
 * A fetcher that asks each site on its current domain: requests to an adapter's canonical host
 * go to the current domain, and the page is handed to the adapter as read from its canonical host.
 */
export function onCurrentDomains(adapters: readonly SourceAdapter[], database: Database, fetcher: TextFetcher): TextFetcher {
  return async <T>(url: string, request: PageRequest<T>): Promise<T> => {
    await refreshDomains(adapters, database);
    const target = toCurrentDomain(adapters, url);
    if (target === url) return fetcher(url, request);
    return fetcher(target, { ...request, parse: (text, at) => request.parse(text, toHomeHost(adapters, at)) });
  };
}
