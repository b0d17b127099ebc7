/** @jest-environment node */
import { DEVICE_COOKIE, deviceCookieHeader, giveDeviceCookie, newDeviceId, signDeviceId, verifyDeviceCookie } from '@/server/http/deviceCookie';
import { claimantOf, readerOf } from '@/server/http/reader';
import { parseTrustProxy } from '@/server/config/trustProxy';
import type { ServerResponse } from 'node:http';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const config = { DEVICE_COOKIE_SECRET: SECRET, TRUST_PROXY: parseTrustProxy('') };

function request(cookie?: string, remoteAddress = '203.0.113.7', headers: Record<string, string> = {}) {
  return { headers: { ...(cookie ? { cookie } : {}), ...headers }, socket: { remoteAddress }, url: '/' };
}

describe('device cookie', () => {
  it('verifies its own signature and nothing else', () => {
    const id = newDeviceId();
    const value = signDeviceId(id, SECRET);
    expect(verifyDeviceCookie(value, SECRET)).toBe(id);
    expect(verifyDeviceCookie(value, 'another-secret-of-enough-length-000000')).toBeNull();
    expect(verifyDeviceCookie(`${newDeviceId()}.${value.split('.')[1]}`, SECRET)).toBeNull();
    expect(verifyDeviceCookie(`${id}.`, SECRET)).toBeNull();
    expect(verifyDeviceCookie('garbage', SECRET)).toBeNull();
    expect(verifyDeviceCookie(`${value}.extra`, SECRET)).toBeNull();
  });

  it('is HttpOnly and SameSite=Lax, and Secure when asked', () => {
    expect(deviceCookieHeader('v', false)).toBe(`${DEVICE_COOKIE}=v; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`);
    expect(deviceCookieHeader('v', true)).toMatch(/; Secure$/);
  });

  it('is given once to a page or API request without a valid one, never to a file', () => {
    const given: string[] = [];
    const response = () => ({ headersSent: false, appendHeader: (_name: string, value: string) => given.push(value) }) as unknown as ServerResponse;
    giveDeviceCookie({ headers: {}, url: '/truyen-a' }, response(), SECRET, false);
    giveDeviceCookie({ headers: { cookie: `${DEVICE_COOKIE}=forged.signature00000000000` }, url: '/api/book/text' }, response(), SECRET, false);
    giveDeviceCookie({ headers: { cookie: `${DEVICE_COOKIE}=${signDeviceId(newDeviceId(), SECRET)}` }, url: '/' }, response(), SECRET, false);
    giveDeviceCookie({ headers: {}, url: '/_next/static/chunks/app.js' }, response(), SECRET, false);
    giveDeviceCookie({ headers: {}, url: '/icon.svg' }, response(), SECRET, false);
    const same = response();
    giveDeviceCookie({ headers: {}, url: '/' }, same, SECRET, false);
    giveDeviceCookie({ headers: {}, url: '/' }, same, SECRET, false);
    expect(given).toHaveLength(3);
    expect(given.every((line) => line.startsWith(`${DEVICE_COOKIE}=`))).toBe(true);
  });
});

describe('whom a limit counts', () => {
  it('counts a signed-in reader by account, wherever it connects from and whatever cookie it sends', () => {
    const device = `${DEVICE_COOKIE}=${signDeviceId(newDeviceId(), SECRET)}`;
    expect(readerOf(request(device), 'uid-1', config)).toEqual({ key: 'user:uid-1', kind: 'account', address: '203.0.113.7' });
    expect(claimantOf(readerOf(request(undefined, '198.51.100.1'), 'uid-1', config))).toEqual({ reader: 'user:uid-1', group: 'user:uid-1' });
  });

  it('counts an anonymous reader by its signed device id, under its address', () => {
    const id = newDeviceId();
    const reader = readerOf(request(`other=1; ${DEVICE_COOKIE}=${signDeviceId(id, SECRET)}`), null, config);
    expect(reader).toEqual({ key: `device:${id}`, kind: 'device', address: '203.0.113.7' });
    expect(claimantOf(reader)).toEqual({ reader: `device:${id}`, group: 'ip:203.0.113.7' });
  });

  it('ignores a forged cookie: the request counts as its address cookieless ones', () => {
    const forged = `${DEVICE_COOKIE}=${newDeviceId()}.AAAAAAAAAAAAAAAAAAAAAA`;
    const reader = readerOf(request(forged), undefined, config);
    expect(reader).toEqual({ key: 'ip:203.0.113.7', kind: 'address', address: '203.0.113.7' });
    // In the queues it is a first visit of its own, counted under its address's ceiling.
    const [one, two] = [claimantOf(reader), claimantOf(reader)];
    expect(one.group).toBe('ip:203.0.113.7');
    expect(one.reader).not.toBe(two.reader);
  });

  it('takes the address TRUST_PROXY resolves, never a header it does not trust', () => {
    const forwarded = { 'x-forwarded-for': '192.0.2.9' };
    expect(readerOf(request(undefined, '127.0.0.1', forwarded), null, config).address).toBe('127.0.0.1');
    expect(readerOf(request(undefined, '127.0.0.1', forwarded), null, { ...config, TRUST_PROXY: parseTrustProxy('loopback') }).address).toBe('192.0.2.9');
  });

  it('groups an IPv6 client by its /64, so changing address within its network escapes no limit', () => {
    const one = readerOf(request(undefined, '2001:db8:abcd:12::1'), null, config);
    const other = readerOf(request(undefined, '2001:0db8:abcd:0012:ffff:1:2:3'), null, config);
    expect(one.address).toBe('2001:db8:abcd:12::/64');
    expect(other.key).toBe(one.key);
    expect(claimantOf(other).group).toBe(claimantOf(one).group);
    expect(readerOf(request(undefined, '2001:db8:abcd:13::1'), null, config).address).not.toBe(one.address);
    // an IPv4 client connecting over IPv6 sockets is its IPv4 address
    expect(readerOf(request(undefined, '::ffff:203.0.113.7'), null, config).address).toBe('203.0.113.7');
    const forwarded = { 'x-forwarded-for': '2001:db8:1:2:3:4:5:6' };
    expect(readerOf(request(undefined, '127.0.0.1', forwarded), null, { ...config, TRUST_PROXY: parseTrustProxy('loopback') }).address).toBe('2001:db8:1:2::/64');
  });
});
