import type { SettingsSource } from './read';

/**
 * Test-only switches for source fetching. They are read from the environment on every call and
 * are ignored in production unless the site runs on the Auth emulator (a demo project that
 * can never serve a network, see server/env.ts), so a deployment can never be talked into
 * fetching from its own machine; end-to-end tests run the production build on the emulator.
 *
 * - `SOURCES_ALLOW_LOOPBACK=1`: loopback addresses (127.0.0.0/8, ::1) pass the address check.
 * - `SOURCES_FIXTURE_ORIGIN=http://127.0.0.1:PORT` (only together with SOURCES_ALLOW_LOOPBACK=1):
 *   every allowed source host is served by the fixture server at that origin. The path and query
 *   are kept and the original host is sent in the Host header, so
 *   `https://www.69shuba.com/book/1.htm` becomes `GET /book/1.htm` with `Host: www.69shuba.com`
 *   on the fixture server, while callers still see the real URL. The sites' request spacing stays
 *   as in production, so a run of the production build shows it.
 * - `SOURCES_NO_SPACING=1`: no spacing between requests to one site (back-off, turns and
 *   concurrency stay), for test suites that fetch many fixture pages and need speed.
 */
export interface TestRouting {
  allowLoopback: boolean;
  fixtureOrigin: URL | null;
  /** Requests to one site are not spaced out. */
  noSpacing: boolean;
}

export function parseTestRouting(source: SettingsSource): TestRouting {
  const testable = source.NODE_ENV !== 'production' || Boolean(source.FIREBASE_AUTH_EMULATOR_HOST);
  const noSpacing = testable && source.SOURCES_NO_SPACING === '1';
  const enabled = testable && source.SOURCES_ALLOW_LOOPBACK === '1';
  if (!enabled) return { allowLoopback: false, fixtureOrigin: null, noSpacing };
  const origin = source.SOURCES_FIXTURE_ORIGIN;
  if (!origin) return { allowLoopback: true, fixtureOrigin: null, noSpacing };
  const parsed = new URL(origin);
  if (parsed.protocol !== 'http:') throw new Error('SOURCES_FIXTURE_ORIGIN must be an http:// origin');
  return { allowLoopback: true, fixtureOrigin: parsed, noSpacing };
}
