import { measureSharedSpacing } from '@/scripts/bench/support/politeness';
import { resetDatabase } from '../helpers/db';

/**
 * Politeness toward a source host holds across site processes: two processes read chapters of
 * one fixture book at the same moment, sharing the host's turns through the database, and the
 * host never sees two requests closer than its spacing.
 */

jest.setTimeout(180_000);

beforeAll(async () => {
  await resetDatabase();
});

it('two processes reading at once keep one host’s spacing between all their requests', async () => {
  const figures = await measureSharedSpacing(process.env.DATABASE_URL!, 2, 3);
  expect(figures.errors).toEqual([]);
  // Each process: the book page's chapter list (1 page) and three chapters of two pages.
  expect(figures.requests).toBe(2 * (1 + 3 * 2));
  // Arrival times carry a few milliseconds of scheduling noise on a loaded machine.
  expect(figures.minGapMs).toBeGreaterThanOrEqual(figures.configuredMs - 30);
});
