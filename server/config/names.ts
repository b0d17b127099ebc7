import { z } from 'zod';
import { parseSection, type SettingsSource } from './read';

const ZNamesEnv = z.object({
  /** Distinct eligible readers proposing the same form of a name that make it the story's shared name. */
  NAMES_SHARE_THRESHOLD: z.coerce.number().int().min(1).max(1_000).default(3),
});

export type NamesConfig = z.infer<typeof ZNamesEnv>;

/** The shared names lists' settings; a bad value throws a message naming the variable. */
export function parseNamesConfig(source: SettingsSource): NamesConfig {
  const { NAMES_SHARE_THRESHOLD } = source;
  return parseSection(ZNamesEnv, { NAMES_SHARE_THRESHOLD });
}
