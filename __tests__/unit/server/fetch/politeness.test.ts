/** @jest-environment node */
import { instantClock } from '@/__tests__/fixtures/sources/sites';
import { parseRetryAfter, isCloudflareChallenge } from '@/server/fetch/blocks';
import { createHostGate, DEFAULT_POLITENESS, type Politeness } from '@/server/fetch/politeness';
import { shuba69Adapter } from '@/server/sources/adapters/shuba69';

const SHUBA = shuba69Adapter.fetching.politeness;

/** Runs `count` requests of `durationMs` each through the gate and records their start times. */
async function run(gate: ReturnType<typeof createHostGate>, clock: ReturnType<typeof instantClock>, count: number, durationMs = 200) {
  const starts: number[] = [];
  await Promise.all(
    Array.from({ length: count }, async () => {
      const release = await gate.acquire('www.69shuba.com');
      starts.push(clock.now());
      await clock.sleep(durationMs);
      release();
    }),
  );
  return starts;
}

it('asks 69shuba one request at a time, at least 3 s apart, with jitter', async () => {
  const clock = instantClock();
  let turn = 0;
  clock.random = () => [0.2, 0.9, 0.5, 0][turn++ % 4];
  const gate = createHostGate(SHUBA, clock);
  const starts = await run(gate, clock, 4);
  const gaps = starts.slice(1).map((start, i) => start - starts[i]);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(3000 + 200);
  expect(new Set(gaps).size).toBeGreaterThan(1);
  expect(SHUBA.minIntervalMs).toBeGreaterThanOrEqual(3000);
  expect(SHUBA.maxConcurrent).toBe(1);
});

it('lets two requests run at once on a plain site, but no more', async () => {
  const clock = instantClock();
  const politeness: Politeness = { ...DEFAULT_POLITENESS, minIntervalMs: 0, jitterMs: 0, maxConcurrent: 2 };
  const gate = createHostGate(politeness, clock);
  let active = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      const release = await gate.acquire('ixdzs8.com');
      active++;
      most = Math.max(most, active);
      await clock.sleep(100);
      active--;
      release();
    }),
  );
  expect(most).toBe(2);
});

it('waits out a Retry-After, and doubles its own back-off on repeated refusals', async () => {
  const clock = instantClock();
  const gate = createHostGate({ ...DEFAULT_POLITENESS, minIntervalMs: 0, jitterMs: 0 }, clock);
  expect(gate.backOff('a.example', 5_000)).toBe(5_000);
  const before = clock.now();
  (await gate.acquire('a.example'))();
  expect(clock.now() - before).toBe(5_000);
  gate.backOff('b.example');
  expect(gate.backOff('b.example')).toBe(DEFAULT_POLITENESS.backoffMs * 2);
  gate.succeeded('b.example');
  expect(gate.backOff('b.example')).toBe(DEFAULT_POLITENESS.backoffMs);
});

it('refuses at once while a host cools down for longer than maxWaitMs', async () => {
  const clock = instantClock();
  const gate = createHostGate(DEFAULT_POLITENESS, clock);
  gate.backOff('c.example', DEFAULT_POLITENESS.maxWaitMs + 1);
  await expect(gate.acquire('c.example')).rejects.toMatchObject({ code: 'SOURCE_BLOCKED', retryAfterMs: DEFAULT_POLITENESS.maxWaitMs + 1 });
  expect(clock.sleeps).toEqual([]);
});

it('reads Retry-After in seconds or as a date, and recognises Cloudflare’s check', () => {
  expect(parseRetryAfter('120')).toBe(120_000);
  expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
  expect(parseRetryAfter('soon')).toBeUndefined();
  expect(isCloudflareChallenge({ 'cf-mitigated': 'challenge' }, '')).toBe(true);
  expect(isCloudflareChallenge({}, '<title>Just a moment...</title>')).toBe(true);
  // Cloudflare injects its script into ordinary pages too: that alone is no check.
  expect(isCloudflareChallenge({}, '<p>正文</p><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>')).toBe(false);
});
