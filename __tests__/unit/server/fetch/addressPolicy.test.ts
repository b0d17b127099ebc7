/** @jest-environment node */
import { embeddedIPv4, isBlockedAddress, parseIPv6Groups } from '@/server/fetch/addressPolicy';
import { parseTestRouting } from '@/server/config/sourceRouting';
import { connectTarget } from '@/server/fetch/testRouting';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '100.127.255.254', '0.0.0.0', '0.1.2.3', '224.0.0.1', '239.255.255.250', '255.255.255.255',
    '::', '::1', 'fc00::1', 'fd00:abcd::5', 'fe80::1', 'fe80::1%eth0', 'ff02::1', '::ffff:127.0.0.1',
    '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1', '2002:c0a8:101::1', 'not-an-ip', '',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it('lets loopback through only when asked, and nothing else private', () => {
    expect(isBlockedAddress('127.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isBlockedAddress('::1', { allowLoopback: true })).toBe(false);
    expect(isBlockedAddress('::ffff:127.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isBlockedAddress('10.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isBlockedAddress('169.254.169.254', { allowLoopback: true })).toBe(true);
  });
});

describe('IPv6 parsing', () => {
  it('expands compressed forms and dotted tails', () => {
    expect(parseIPv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6Groups('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6Groups('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseIPv6Groups('1::2::3')).toBeNull();
    expect(embeddedIPv4('::ffff:c0a8:1')).toBe('192.168.0.1');
  });
});

describe('test routing switches', () => {
  it('is off unless SOURCES_ALLOW_LOOPBACK=1 outside production', () => {
    expect(parseTestRouting({ NODE_ENV: 'test' })).toEqual({ allowLoopback: false, fixtureOrigin: null, noSpacing: false });
    expect(
      parseTestRouting({ NODE_ENV: 'production', SOURCES_ALLOW_LOOPBACK: '1', SOURCES_FIXTURE_ORIGIN: 'http://127.0.0.1:4555', SOURCES_NO_SPACING: '1' }),
    ).toEqual({ allowLoopback: false, fixtureOrigin: null, noSpacing: false });
    expect(parseTestRouting({ NODE_ENV: 'test', SOURCES_FIXTURE_ORIGIN: 'http://127.0.0.1:4555' }).fixtureOrigin).toBeNull();
  });

  it('is allowed in a production build only on the auth emulator (the end-to-end app)', () => {
    const routing = parseTestRouting({
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9299',
      SOURCES_ALLOW_LOOPBACK: '1',
      SOURCES_FIXTURE_ORIGIN: 'http://127.0.0.1:4565',
    });
    expect(routing.allowLoopback).toBe(true);
    expect(routing.fixtureOrigin?.port).toBe('4565');
    expect(routing.noSpacing).toBe(false);
  });

  it('sends every source request to the fixture origin with the original host', () => {
    const routing = parseTestRouting({ NODE_ENV: 'development', SOURCES_ALLOW_LOOPBACK: '1', SOURCES_FIXTURE_ORIGIN: 'http://127.0.0.1:4555' });
    expect(connectTarget(new URL('https://www.69shuba.com/book/1.htm'), routing)).toEqual({
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: 4555,
      hostHeader: 'www.69shuba.com',
    });
    expect(connectTarget(new URL('https://www.69shuba.com:8443/x'), parseTestRouting({ NODE_ENV: 'test' }))).toEqual({
      protocol: 'https:',
      hostname: 'www.69shuba.com',
      port: 8443,
      hostHeader: 'www.69shuba.com:8443',
    });
  });
});
