import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@/lib/constants';

/**
 * `perpage` of every paged endpoint, one rule (API.md): 20 when absent, a whole number from 1;
 * a larger page than MAX_PER_PAGE (50) is served as 50 rather than refused. Accepts a number or
 * its text (query strings).
 */
export const zPerPage = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(1))
    .default(DEFAULT_PER_PAGE)
    .transform((value) => Math.min(value, MAX_PER_PAGE)),
);
