import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { env } from '../env';
import { tooManyRequests } from '../http/errors';
import { readerOf, type Reader } from '../http/reader';

/**
 * A fixed-window rate limiter kept in PostgreSQL (`rate_limits`), so every instance of the app
 * shares the same counters. One atomic upsert per hit: a row per key holds the current window's
 * start and its count; a hit in a newer window starts the count again at 1.
 */

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends (ms since the epoch). */
  resetAt: number;
}

/** Counts one hit for `key` and says whether it is within the rule. */
export async function hitRateLimit(database: Database, key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const [row] = await database
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // A hit from a newer window starts again; a late hit from an older one counts in the current.
        count: sql`case when excluded.window_start > ${rateLimits.windowStart} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`greatest(${rateLimits.windowStart}, excluded.window_start)`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return { allowed: row.count <= rule.limit, count: row.count, resetAt: row.windowStart + rule.windowMs };
}

/** Counts one hit and refuses it with 429 and a Vietnamese message when over the rule. */
export async function enforceRateLimit(
  database: Database,
  key: string,
  rule: RateLimitRule,
  message = 'Bạn thao tác quá nhanh, vui lòng thử lại sau ít phút.',
  now = Date.now(),
): Promise<void> {
  const result = await hitRateLimit(database, key, rule, now);
  if (!result.allowed) {
    const seconds = Math.max(1, Math.ceil((result.resetAt - now) / 1000));
    throw tooManyRequests(`${message} Hãy thử lại sau ${seconds} giây.`, seconds);
  }
}

/**
 * Whom a limit counts: the signed-in reader (wherever they connect from), else the device its
 * signed cookie names, else the client's address as TRUST_PROXY resolves it (server/http/reader.ts).
 */
export function rateLimitSubject(req: Parameters<typeof readerOf>[0], userId: string | null | undefined): string {
  return readerOf(req, userId).key;
}

/**
 * Counts one hit of `action` for a reader within `rule`, and for an anonymous reader also under
 * its address, which may take ADDRESS_READERS shares in all (so readers behind one address each
 * get a share, and minting device ids gets no more than the address's ceiling); 429 beyond either.
 */
export async function enforceReaderLimit(database: Database, action: string, reader: Reader, rule: RateLimitRule, message?: string, now = Date.now()): Promise<void> {
  await enforceRateLimit(database, `${action}:${reader.key}`, rule, message, now);
  if (reader.kind === 'account') return;
  const ceiling = { limit: rule.limit * env().ADDRESS_READERS, windowMs: rule.windowMs };
  await enforceRateLimit(database, `${action}:address:${reader.address}`, ceiling, message, now);
}

/**
 * Takes `amount` from `key`'s share in the current window, only if all of it fits (a refused
 * request takes nothing, so asking for too much once does not use up the window).
 */
export async function takeRateLimit(database: Database, key: string, rule: RateLimitRule, amount: number, now = Date.now()): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const resetAt = windowStart + rule.windowMs;
  if (amount > rule.limit) return { allowed: false, count: amount, resetAt };
  const next = sql`case when excluded.window_start > ${rateLimits.windowStart} then excluded.count else ${rateLimits.count} + excluded.count end`;
  const rows = await database
    .insert(rateLimits)
    .values({ key, windowStart, count: amount })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: next, windowStart: sql`greatest(${rateLimits.windowStart}, excluded.window_start)` },
      setWhere: sql`${next} <= ${rule.limit}`,
    })
    .returning({ count: rateLimits.count });
  return rows.length > 0 ? { allowed: true, count: rows[0].count, resetAt } : { allowed: false, count: amount, resetAt };
}

/**
 * Gives `amount` back to `key`'s share of the window that held `now` (what was taken for work
 * that was then refused or not done); a window that has ended meanwhile is left as it is.
 */
export async function giveBackRateLimit(database: Database, key: string, rule: RateLimitRule, amount: number, now = Date.now()): Promise<void> {
  if (amount <= 0) return;
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  await database
    .update(rateLimits)
    .set({ count: sql`greatest(0, ${rateLimits.count} - ${amount})` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
}

const addressCeiling = (rule: RateLimitRule): RateLimitRule => ({ limit: rule.limit * env().ADDRESS_READERS, windowMs: rule.windowMs });

/**
 * takeRateLimit for a reader (and an anonymous reader's address, within its ceiling), all or
 * nothing: 429 with Retry-After when it does not fit, and then neither share is used.
 */
export async function takeReaderShare(database: Database, action: string, reader: Reader, rule: RateLimitRule, amount: number, message: string, now = Date.now()): Promise<void> {
  const refuse = (resetAt: number) => {
    const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
    return tooManyRequests(`${message} Hãy thử lại sau ${seconds} giây.`, seconds);
  };
  const addressKey = reader.kind === 'account' ? null : `${action}:address:${reader.address}`;
  if (addressKey) {
    const address = await takeRateLimit(database, addressKey, addressCeiling(rule), amount, now);
    if (!address.allowed) throw refuse(address.resetAt);
  }
  const own = await takeRateLimit(database, `${action}:${reader.key}`, rule, amount, now);
  if (!own.allowed) {
    if (addressKey) await giveBackRateLimit(database, addressKey, addressCeiling(rule), amount, now);
    throw refuse(own.resetAt);
  }
}

/** Gives back what takeReaderShare took at `now` (the reader's share and its address's). */
export async function giveBackReaderShare(database: Database, action: string, reader: Reader, rule: RateLimitRule, amount: number, now: number): Promise<void> {
  if (reader.kind !== 'account') await giveBackRateLimit(database, `${action}:address:${reader.address}`, addressCeiling(rule), amount, now);
  await giveBackRateLimit(database, `${action}:${reader.key}`, rule, amount, now);
}

/** Removes counters whose window ended more than `olderThanMs` ago (housekeeping). */
export async function pruneRateLimits(database: Database, olderThanMs = 86_400_000, now = Date.now()): Promise<number> {
  const removed = await database
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, now - olderThanMs))
    .returning({ key: rateLimits.key });
  return removed.length;
}
