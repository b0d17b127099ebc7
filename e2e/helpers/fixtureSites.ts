import { test } from '@playwright/test';
import { E2E } from '../../scripts/e2e-server';
import { startFixtureServer, type FixtureServer } from '../../scripts/fixture-server';

/**
 * The fixture copies of the source sites (the app's SOURCES_* point at them), served while the
 * journeys of the calling spec file run; `server` is the running server once they start.
 */
export function serveFixtureSites(): { readonly server: FixtureServer } {
  const sites: { server?: FixtureServer } = {};
  test.beforeAll(async () => {
    sites.server = await startFixtureServer(E2E.fixturePort);
  });
  test.afterAll(async () => {
    await sites.server?.close();
  });
  return {
    get server(): FixtureServer {
      if (!sites.server) throw new Error('the fixture sites are not started yet');
      return sites.server;
    },
  };
}
