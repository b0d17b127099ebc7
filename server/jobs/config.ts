import { z } from 'zod';

const ZJobsEnv = z.object({
  /** Minutes between follow checks of embedded stories (fractions allowed); 0 turns the scheduled check off. */
  EMBED_CHECK_INTERVAL_MINUTES: z.coerce.number().min(0).max(10_080).default(30),
  /** Bearer secret of POST /api/jobs/embed-check; unset, the endpoint does not exist. */
  JOBS_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
});

export type JobsConfig = z.infer<typeof ZJobsEnv>;

/** The jobs' configuration; a bad value throws a message naming the variable. */
export function jobsConfig(source: NodeJS.ProcessEnv = process.env): JobsConfig {
  const cleaned = Object.fromEntries(
    Object.entries({ EMBED_CHECK_INTERVAL_MINUTES: source.EMBED_CHECK_INTERVAL_MINUTES, JOBS_SECRET: source.JOBS_SECRET }).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  );
  const parsed = ZJobsEnv.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration:\n  ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}
