import { z } from 'zod';
import { parseSection, type SettingsSource } from './read';

const ZSourcesEnv = z.object({
  /** Failures in a row (chapters or follow checks) after which a story's source hands over to the next. */
  SOURCE_FAILOVER_AFTER: z.coerce.number().int().min(1).max(100).default(3),
  /** Minutes before a source that handed over is tried again. */
  SOURCE_RETRY_MINUTES: z.coerce.number().min(1).max(10_080).default(30),
  /** `site=domain` pairs: where sites moved (server/config/sourceDomains.ts). */
  SOURCE_DOMAINS: z.string().max(2_000).optional(),
});

export type SourcesConfig = z.infer<typeof ZSourcesEnv>;

/** Several sources per story and their domains; a bad value throws a message naming the variable. */
export function parseSourcesConfig(source: SettingsSource): SourcesConfig {
  const { SOURCE_FAILOVER_AFTER, SOURCE_RETRY_MINUTES, SOURCE_DOMAINS } = source;
  return parseSection(ZSourcesEnv, { SOURCE_FAILOVER_AFTER, SOURCE_RETRY_MINUTES, SOURCE_DOMAINS });
}
