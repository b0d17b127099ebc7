import { startFixtureServer, type FixtureServer } from '@/scripts/fixture-server';

const SETTINGS = ['SOURCES_ALLOW_LOOPBACK', 'SOURCES_FIXTURE_ORIGIN', 'SOURCES_NO_SPACING'] as const;

/**
 * Starts the loopback copies of the source sites for this test file and lets source fetching
 * reach them without spacing its requests; the settings are put back afterwards. Returns a
 * getter for the running server.
 */
export function fixtureSourcesForFile(): () => FixtureServer {
  let fixture: FixtureServer | undefined;
  const saved = Object.fromEntries(SETTINGS.map((key) => [key, process.env[key]]));
  beforeAll(async () => {
    fixture = await startFixtureServer();
    process.env.SOURCES_ALLOW_LOOPBACK = '1';
    process.env.SOURCES_FIXTURE_ORIGIN = fixture.origin;
    process.env.SOURCES_NO_SPACING = '1';
  });
  afterAll(async () => {
    for (const key of SETTINGS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await fixture?.close();
  });
  return () => {
    if (!fixture) throw new Error('the fixture sites are not running yet');
    return fixture;
  };
}
