/** @jest-environment node */
import { createCookieJar, createCookieJars } from '@/server/fetch/cookies';

const at = (url: string) => new URL(url);

it('sends host-only cookies back to their host and path only', () => {
  const jar = createCookieJar();
  jar.store(at('https://ixdzs8.com/read/1/'), ['verify=ok; Path=/', 'page=1']);
  expect(jar.header(at('https://ixdzs8.com/novel/clist/'))).toBe('verify=ok');
  expect(jar.header(at('https://ixdzs8.com/read/1/p2.html'))).toBe('page=1; verify=ok');
  expect(jar.header(at('https://ixdzs8.com/read/2/'))).toBe('verify=ok');
  expect(jar.header(at('https://www.ixdzs8.com/read/1/'))).toBe('');
});

it('shares Domain cookies with subdomains and refuses cookies for other sites', () => {
  const jar = createCookieJar();
  jar.store(at('https://ixdzs8.com/'), ['a=1; Domain=.ixdzs8.com; Path=/', 'b=2; Domain=example.com', 'c=3; Domain=com']);
  expect(jar.header(at('https://www.ixdzs8.com/'))).toBe('a=1');
  expect(jar.size()).toBe(1);
});

it('forgets expired cookies, Secure ones stay on https', () => {
  let now = 1_000_000;
  const jar = createCookieJar(() => now);
  jar.store(at('https://a.example/'), ['short=1; Max-Age=60', 'secure=1; Secure', 'gone=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
  expect(jar.header(at('https://a.example/'))).toBe('short=1; secure=1');
  expect(jar.header(at('http://a.example/'))).toBe('short=1');
  now += 61_000;
  expect(jar.header(at('https://a.example/'))).toBe('secure=1');
  jar.store(at('https://a.example/'), ['secure=1; Max-Age=0']);
  expect(jar.size()).toBe(0);
});

it('keeps a jar per host for as long as the session is used', () => {
  let now = 0;
  const jars = createCookieJars({ idleMs: 1000, now: () => now });
  jars.forHost('ixdzs8.com').store(at('https://ixdzs8.com/'), ['v=1']);
  now = 900;
  expect(jars.forHost('ixdzs8.com').size()).toBe(1);
  expect(jars.forHost('www.69shuba.com').size()).toBe(0);
  now = 2500;
  expect(jars.forHost('ixdzs8.com').size()).toBe(0);
});

it('refuses a Domain that is a public suffix such as co.uk, and keeps registrable domains', () => {
  const jar = createCookieJar();
  jar.store(at('https://www.shop.co.uk/'), ['wide=1; Domain=co.uk', 'ours=1; Domain=shop.co.uk']);
  expect(jar.header(at('https://other.co.uk/'))).toBe('');
  expect(jar.header(at('https://m.shop.co.uk/'))).toBe('ours=1');
  expect(jar.size()).toBe(1);
});

it('reads Expires as RFC 6265 dates: a value that is no date leaves a session cookie', () => {
  let now = Date.UTC(2026, 11, 2);
  const jar = createCookieJar(() => now);
  jar.store(at('https://a.example/'), ['odd=1; Expires=1', 'dashed=1; Expires=Thu, 01-Jan-2099 00:00:00 GMT', 'past=1; Expires=Sun, 06-Nov-94 08:49:37 GMT']);
  expect(jar.header(at('https://a.example/'))).toBe('odd=1; dashed=1');
  now = Date.UTC(2099, 0, 1, 0, 0, 1);
  expect(jar.header(at('https://a.example/'))).toBe('odd=1');
});
