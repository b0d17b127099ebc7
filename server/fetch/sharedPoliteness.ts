import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { logger } from '@/server/logger';
import { FetchError } from './errors';
import type { HostGate } from './politeness';

/**
 * A host's turns shared by every site process on every machine, in PostgreSQL: a row per host
 * holds the next start any process may make and the host's cool-down (`source_host_turns`), and
 * requests in flight hold one of the host's `maxConcurrent` slots (`source_host_slots`, leased so
 * a process that dies frees them). Both are claimed by one atomic statement each, on the
 * database's clock, so N processes on M machines ask a host no more often than one would.
 * The process's own gate still orders its requests first (its turns, jitter and back-off).
 */

/** A slot outlives a request that hangs by no more than this (the fetch deadline is shorter). */
export const SLOT_LEASE_MS = 60_000;
/** How often a request waiting for a slot held elsewhere asks again. */
const SLOT_POLL_MS = 50;

const nowMs = sql`(floor(extract(epoch from statement_timestamp()) * 1000))::bigint`;

interface Row extends Record<string, unknown> {
  value: string | number | null;
}

async function one(database: Database, query: ReturnType<typeof sql>): Promise<number | null> {
  const result = await database.execute<Row>(query);
  const value = result.rows[0]?.value;
  return value === undefined || value === null ? null : Number(value);
}

/** Claims a free slot of the host; null when all are held. */
function claimSlot(database: Database, host: string, max: number, holder: string): Promise<number | null> {
  return one(
    database,
    sql`insert into source_host_slots as s (host, slot, holder, lease_until)
      select ${host}, g, ${holder}, ${nowMs} + ${SLOT_LEASE_MS}
      from generate_series(0, ${max - 1}) g
      where not exists (select 1 from source_host_slots x where x.host = ${host} and x.slot = g and x.lease_until > ${nowMs})
      order by g limit 1
      on conflict (host, slot) do update set holder = excluded.holder, lease_until = excluded.lease_until
        where s.lease_until <= ${nowMs}
      returning slot as value`,
  );
}

function releaseSlot(database: Database, host: string, slot: number, holder: string): Promise<unknown> {
  return database.execute(sql`update source_host_slots set lease_until = 0 where host = ${host} and slot = ${slot} and holder = ${holder}`);
}

/**
 * Takes the host's next start: the later of the host's next allowed time, now and its cool-down;
 * the following start moves on by `spacingMs`. Returns how long to wait for it, or null (nothing
 * taken) when that wait would exceed `maxWaitMs`.
 */
function claimStart(database: Database, host: string, spacingMs: number, maxWaitMs: number): Promise<number | null> {
  const start = sql`greatest(h.next_at, ${nowMs}, h.cooldown_until)`;
  return one(
    database,
    sql`insert into source_host_turns as h (host, next_at, cooldown_until)
      values (${host}, ${nowMs} + ${spacingMs}, 0)
      on conflict (host) do update set next_at = ${start} + ${spacingMs}
        where ${start} - ${nowMs} <= ${maxWaitMs}
      returning next_at - ${spacingMs} - ${nowMs} as value`,
  );
}

function waitLeft(database: Database, host: string): Promise<number | null> {
  return one(database, sql`select greatest(next_at, cooldown_until) - ${nowMs} as value from source_host_turns where host = ${host}`);
}

function coolDown(database: Database, host: string, waitMs: number): Promise<unknown> {
  return database.execute(sql`insert into source_host_turns as h (host, next_at, cooldown_until)
    values (${host}, ${nowMs}, ${nowMs} + ${waitMs})
    on conflict (host) do update set cooldown_until = greatest(h.cooldown_until, excluded.cooldown_until)`);
}

/** Slot releases still on their way to the database. */
const releasing = new Set<Promise<unknown>>();

/** Resolves once every slot this process gave back is written (call before closing the pool). */
export async function settleSlotReleases(): Promise<void> {
  while (releasing.size > 0) await Promise.allSettled([...releasing]);
}

/** The process's gate with each host's spacing, concurrency and cool-down shared through the database. */
export function createSharedHostGate(local: HostGate, database: Database): HostGate {
  const { politeness, clock } = local;
  const holderPrefix = `${hostname()}:${process.pid}:`;
  const jitter = () => Math.floor(clock.random() * politeness.jitterMs);

  async function slotFor(host: string, holder: string): Promise<number> {
    const deadline = clock.now() + politeness.maxWaitMs;
    for (;;) {
      const slot = await claimSlot(database, host, politeness.maxConcurrent, holder);
      if (slot !== null) return slot;
      if (clock.now() >= deadline) throw new FetchError('TIMEOUT', `${host}: every request slot is held by other processes`);
      await clock.sleep(SLOT_POLL_MS);
    }
  }

  return {
    politeness,
    clock,
    async acquire(host) {
      const releaseLocal = await local.acquire(host);
      const holder = holderPrefix + randomUUID();
      let slot: number | undefined;
      try {
        slot = await slotFor(host, holder);
        const delay = await claimStart(database, host, politeness.minIntervalMs + jitter(), politeness.maxWaitMs);
        if (delay === null) {
          const left = (await waitLeft(database, host)) ?? politeness.maxWaitMs;
          throw new FetchError('SOURCE_BLOCKED', `${host} is cooling down for ${left} ms (shared)`, { retryAfterMs: left });
        }
        if (delay > 0) await clock.sleep(delay);
      } catch (error) {
        if (slot !== undefined) await releaseSlot(database, host, slot, holder).catch(() => undefined);
        releaseLocal();
        throw error;
      }
      const held = slot;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        releaseLocal();
        const pending = releaseSlot(database, host, held, holder)
          .catch((err: unknown) => logger.warn({ err, host }, 'source host slot release failed'))
          .finally(() => releasing.delete(pending));
        releasing.add(pending);
      };
    },
    backOff(host, retryAfterMs) {
      const wait = local.backOff(host, retryAfterMs);
      coolDown(database, host, wait).catch((err: unknown) => logger.warn({ err, host }, 'shared source cool-down not written'));
      return wait;
    },
    succeeded: (host) => local.succeeded(host),
    coolingDownFor: (host) => local.coolingDownFor(host),
  };
}
