/** @jest-environment node */
import { parseSourceDomains, SOURCE_SITE_IDS } from '@/server/config/sourceDomains';
import { parseSourcesConfig } from '@/server/config/sources';
import { ADAPTERS } from '@/server/sources';

describe('SOURCE_DOMAINS', () => {
  it('knows the sites the adapters serve', () => {
    expect([...SOURCE_SITE_IDS]).toEqual(ADAPTERS.map((adapter) => adapter.id));
  });

  it('reads site=domain pairs', () => {
    expect([...parseSourceDomains(' 69shuba=WWW.69shuba.cx , 22biqu=22biqu.net')]).toEqual([
      ['69shuba', 'www.69shuba.cx'],
      ['22biqu', '22biqu.net'],
    ]);
    expect(parseSourceDomains(undefined).size).toBe(0);
  });

  it.each([
    ['69shuba', /expects site=domain pairs/],
    ['nosuchsite=a.com', /knows no site "nosuchsite"/],
    ['69shuba=not a host', /is not a host name/],
    ['69shuba=a.com,69shuba=b.com', /names 69shuba twice/],
  ])('refuses %s naming the variable', (value, message) => {
    expect(() => parseSourceDomains(value)).toThrow(message);
    expect(() => parseSourceDomains(value)).toThrow(/SOURCE_DOMAINS/);
  });
});

describe('failover settings', () => {
  it('defaults to three failures and thirty minutes', () => {
    expect(parseSourcesConfig({})).toMatchObject({ SOURCE_FAILOVER_AFTER: 3, SOURCE_RETRY_MINUTES: 30 });
  });

  it('refuses a count below one', () => {
    expect(() => parseSourcesConfig({ SOURCE_FAILOVER_AFTER: '0' })).toThrow(/SOURCE_FAILOVER_AFTER/);
  });
});
