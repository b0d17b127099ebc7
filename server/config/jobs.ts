import { z } from 'zod';
import { parseSection, type SettingsSource } from './read';

const ZJobsEnv = z.object({
  /** Minutes between follow checks of embedded stories (fractions allowed); 0 turns the scheduled check off. */
  EMBED_CHECK_INTERVAL_MINUTES: z.coerce.number().min(0).max(10_080).default(30),
  /** Bearer secret of POST /api/jobs/embed-check; unset, the endpoint does not exist. */
  JOBS_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
});

export type JobsConfig = z.infer<typeof ZJobsEnv>;

/** The scheduled jobs' settings; a bad value throws a message naming the variable. */
export function parseJobsConfig(source: SettingsSource): JobsConfig {
  const { EMBED_CHECK_INTERVAL_MINUTES, JOBS_SECRET } = source;
  return parseSection(ZJobsEnv, { EMBED_CHECK_INTERVAL_MINUTES, JOBS_SECRET });
}
