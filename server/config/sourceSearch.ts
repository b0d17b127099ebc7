import { z } from 'zod';
import { parseSection, type SettingsSource } from './read';

const ZSourceSearchEnv = z.object({
  /** Searches across the source sites running at once in one process (503 beyond its queue). */
  SOURCE_SEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** How long one site's search may take before it is reported as not answering (ms). */
  SOURCE_SEARCH_SITE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
  /** Results kept from each site's results page. */
  SOURCE_SEARCH_RESULTS_PER_SITE: z.coerce.number().int().min(1).max(50).default(10),
});

export type SourceSearchConfig = z.infer<typeof ZSourceSearchEnv>;

/** The search across the source sites (SOURCE_SEARCH_*); a bad value throws a message naming the variable. */
export function parseSourceSearchConfig(source: SettingsSource): SourceSearchConfig {
  const { SOURCE_SEARCH_CONCURRENCY, SOURCE_SEARCH_SITE_TIMEOUT_MS, SOURCE_SEARCH_RESULTS_PER_SITE } = source;
  return parseSection(ZSourceSearchEnv, { SOURCE_SEARCH_CONCURRENCY, SOURCE_SEARCH_SITE_TIMEOUT_MS, SOURCE_SEARCH_RESULTS_PER_SITE });
}
