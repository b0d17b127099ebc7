/** @jest-environment node */
import zlib from 'node:zlib';
import { FetchError, type FetchErrorCode } from '@/server/fetch/errors';
import type { HostLookup } from '@/server/fetch/resolve';
import { createImpitClient, isTimeoutError } from '@/server/fetch/clients/impit';
import { nodeClient } from '@/server/fetch/clients/node';
import type { HttpClient } from '@/server/fetch/clients/types';
import { createCookieJar } from '@/server/fetch/cookies';
import { safeFetch, type SafeFetchOptions } from '@/server/fetch/safeFetch';
import { startServer, withEnv, type TestServer } from './helpers';

const LOCAL = ['127.0.0.1'];

async function expectFetchError(promise: Promise<unknown>, code: FetchErrorCode): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  expect((error as FetchError).code).toBe(code);
  expect((error as FetchError).userMessage).toMatch(/[ạảãáàâăêôơưđ]/);
  return error as FetchError;
}

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

describe('without the loopback switch', () => {
  withEnv({ SOURCES_ALLOW_LOOPBACK: undefined, SOURCES_FIXTURE_ORIGIN: undefined });

  it('refuses a server on 127.0.0.1 before connecting', async () => {
    server = await startServer((_req, res) => res.end('secret'));
    await expectFetchError(safeFetch(`${server.url}/`, { allowHosts: LOCAL }), 'BLOCKED_ADDRESS');
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['a private address', ['93.184.215.14', '10.1.2.3']],
    ['the cloud metadata address', ['169.254.169.254']],
    ['an IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['a unique-local IPv6 address', ['fd12:3456::1']],
    ['carrier-grade NAT', ['100.64.0.9']],
  ])('refuses a host name resolving to %s', async (_label, addresses) => {
    const lookup: HostLookup = async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    await expectFetchError(
      safeFetch('https://www.69shuba.com/book/1.htm', { allowHosts: ['www.69shuba.com'], lookup }),
      'BLOCKED_ADDRESS',
    );
  });

  it.each(['ftp://www.69shuba.com/a', 'file:///etc/passwd', 'gopher://www.69shuba.com/', 'data:text/html,hi'])(
    'refuses the scheme of %s',
    async (url) => {
      await expectFetchError(safeFetch(url, { allowHosts: ['www.69shuba.com'] }), 'BAD_SCHEME');
    },
  );

  it('refuses hosts outside the allow-list, and everything when the list is empty', async () => {
    await expectFetchError(safeFetch('https://example.com/', { allowHosts: ['www.69shuba.com'] }), 'UNSUPPORTED_HOST');
    await expectFetchError(safeFetch('https://www.69shuba.com/'), 'UNSUPPORTED_HOST');
    await expectFetchError(safeFetch('https://www.69shuba.com.evil.test/', { allowHosts: ['www.69shuba.com'] }), 'UNSUPPORTED_HOST');
  });

  it('refuses non-standard ports of an allowed host', async () => {
    const lookup: HostLookup = async () => [{ address: '93.184.215.14', family: 4 }];
    await expectFetchError(safeFetch('https://www.69shuba.com:6379/', { allowHosts: ['www.69shuba.com'], lookup }), 'UNSUPPORTED_HOST');
  });

  it('refuses links with credentials and strings that are not URLs', async () => {
    await expectFetchError(safeFetch('https://u:p@www.69shuba.com/', { allowHosts: ['www.69shuba.com'] }), 'BAD_URL');
    await expectFetchError(safeFetch('not a url', { allowHosts: ['www.69shuba.com'] }), 'BAD_URL');
  });
});

const impit = createImpitClient();
afterAll(() => impit.close());

describe.each([
  ['node', nodeClient],
  ['impit', impit],
])('with loopback allowed for tests, client %s', (_name, client: HttpClient) => {
  withEnv({ SOURCES_ALLOW_LOOPBACK: '1', SOURCES_FIXTURE_ORIGIN: undefined });

  const get = (path: string, options: SafeFetchOptions = {}) => safeFetch(`${server.url}${path}`, { allowHosts: LOCAL, client, ...options });
  const safeFetchWith = (url: string, options: SafeFetchOptions) => safeFetch(url, { client, ...options });

  it('fetches a page with browser-like headers', async () => {
    server = await startServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end('<p>你好</p>');
    });
    const result = await get('/book/1.htm?x=1');
    expect(result).toEqual({
      url: `${server.url}/book/1.htm?x=1`,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: Buffer.from('<p>你好</p>'),
    });
    const headers = server.requests[0].headers;
    expect(headers['user-agent']).toMatch(/Mozilla\/5\.0 .*Chrome/);
    expect(headers['accept-language']).toMatch(/^zh-CN/);
    expect(server.requests[0].url).toBe('/book/1.htm?x=1');
  });

  it.each([
    ['gzip', (b: Buffer) => zlib.gzipSync(b)],
    ['deflate', (b: Buffer) => zlib.deflateSync(b)],
    ['br', (b: Buffer) => zlib.brotliCompressSync(b)],
  ])('decodes %s bodies', async (encoding, compress) => {
    const text = Buffer.from('第一章 风起云涌'.repeat(50));
    server = await startServer((_req, res) => {
      res.setHeader('Content-Encoding', encoding);
      res.end(compress(text));
    });
    expect((await get('/')).body.equals(text)).toBe(true);
  });

  it('posts a form', async () => {
    let received = '';
    server = await startServer((req, res) => {
      req.on('data', (chunk: Buffer) => (received += chunk.toString()));
      req.on('end', () => res.end('{"rs":200}'));
    });
    await get('/novel/clist/', { form: { bid: '567890' } });
    expect(server.requests[0].method).toBe('POST');
    expect(server.requests[0].headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(received).toBe('bid=567890');
  });

  it('connects to the address it vetted instead of resolving again', async () => {
    server = await startServer((_req, res) => res.end('pinned'));
    const lookup: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await safeFetchWith(`http://rebind.invalid:${server.port}/`, { allowHosts: ['rebind.invalid'], lookup });
    expect(result.body.toString()).toBe('pinned');
    expect(server.requests[0].headers.host).toBe(`rebind.invalid:${server.port}`);
  });

  it('follows redirects and reports the final URL', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/old') res.writeHead(301, { Location: '/new' }).end();
      else res.end('here');
    });
    const result = await get('/old');
    expect(result.url).toBe(`${server.url}/new`);
    expect(result.body.toString()).toBe('here');
  });

  it('re-checks every redirect: address, host and scheme', async () => {
    const lookup: HostLookup = async (host) =>
      host === 'internal.test' ? [{ address: '10.0.0.5', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    server = await startServer((req, res) => {
      const targets: Record<string, string> = {
        '/metadata': 'http://169.254.169.254/latest/meta-data/',
        '/internal': 'http://internal.test/admin',
        '/other-host': 'http://localhost:1/',
        '/file': 'file:///etc/passwd',
      };
      res.writeHead(302, { Location: targets[req.url ?? ''] }).end();
    });
    const options = { allowHosts: [...LOCAL, '169.254.169.254', 'internal.test'], lookup };
    await expectFetchError(safeFetchWith(`${server.url}/metadata`, options), 'BLOCKED_ADDRESS');
    await expectFetchError(safeFetchWith(`${server.url}/internal`, options), 'BLOCKED_ADDRESS');
    await expectFetchError(safeFetchWith(`${server.url}/other-host`, options), 'UNSUPPORTED_HOST');
    await expectFetchError(safeFetchWith(`${server.url}/file`, options), 'BAD_SCHEME');
  });

  it('stops after five redirects', async () => {
    server = await startServer((req, res) => {
      const n = Number((req.url ?? '/0').slice(1));
      res.writeHead(302, { Location: `/${n + 1}` }).end();
    });
    await expectFetchError(get('/0'), 'TOO_MANY_REDIRECTS');
    expect(server.requests).toHaveLength(6);
  });

  it('turns an error status into HTTP_STATUS with the status', async () => {
    server = await startServer((_req, res) => res.writeHead(503, { 'Retry-After': '30' }).end('busy'));
    const error = await expectFetchError(get('/'), 'HTTP_STATUS');
    expect(error.status).toBe(503);
    expect(error.retryAfterMs).toBe(30_000);
  });

  it('tells a missing page, a refusal and a Cloudflare check apart', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/gone') res.writeHead(404).end('no');
      else if (req.url === '/slow-down') res.writeHead(429, { 'Retry-After': '12' }).end('later');
      else res.writeHead(403, { 'cf-mitigated': 'challenge' }).end('<title>Just a moment...</title>');
    });
    expect((await expectFetchError(get('/gone'), 'SOURCE_NOT_FOUND')).status).toBe(404);
    expect((await expectFetchError(get('/slow-down'), 'SOURCE_BLOCKED')).retryAfterMs).toBe(12_000);
    expect((await expectFetchError(get('/check'), 'SOURCE_BLOCKED')).message).toMatch(/Cloudflare/);
  });

  it('keeps cookies across redirect hops and sends them back', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/login') res.writeHead(302, { Location: '/page', 'Set-Cookie': 'session=abc; Path=/' }).end();
      else res.end(`cookie:${req.headers.cookie ?? ''}`);
    });
    const cookies = createCookieJar();
    expect((await get('/login', { cookies })).body.toString()).toBe('cookie:session=abc');
    expect((await get('/again', { cookies })).body.toString()).toBe('cookie:session=abc');
  });

  it('aborts a body that grows past the cap', async () => {
    server = await startServer((_req, res) => {
      const chunk = Buffer.alloc(1024, 0x61);
      const timer = setInterval(() => res.write(chunk), 1);
      res.on('close', () => clearInterval(timer));
    });
    await expectFetchError(get('/', { maxBytes: 16 * 1024 }), 'TOO_LARGE');
  });

  it('refuses a declared length over the cap and a compressed bomb', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'Content-Length': String(10 * 1024 * 1024) });
        res.write('x');
        return;
      }
      res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(2 * 1024 * 1024)));
    });
    await expectFetchError(get('/declared', { maxBytes: 1024 * 1024 }), 'TOO_LARGE');
    await expectFetchError(get('/bomb', { maxBytes: 1024 * 1024 }), 'TOO_LARGE');
  });

  it('times out a server that never answers', async () => {
    server = await startServer(() => undefined);
    const started = Date.now();
    await expectFetchError(get('/', { timeoutMs: 300 }), 'TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out a body that trickles past the total deadline', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
    });
    await expectFetchError(get('/', { timeoutMs: 400, idleTimeoutMs: 200 }), 'TIMEOUT');
  });

  it('times out a silent socket with the idle timeout', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200);
      res.write('start');
    });
    const started = Date.now();
    await expectFetchError(get('/', { timeoutMs: 5000, idleTimeoutMs: 200 }), 'TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('impit giving up on its own timeout', () => {
  // impit has the same deadline as ours and may reach it first, before our timer has run.
  it('is a timeout whether impit names it so or says so of the body it was reading', () => {
    expect(isTimeoutError(new Error('Error reading response stream: reqwest::Error { kind: Decode, source: reqwest::Error { kind: Body, source: TimedOut } }'))).toBe(true);
    expect(isTimeoutError(Object.assign(new Error('request aborted'), { name: 'TimeoutError' }))).toBe(true);
    expect(isTimeoutError(new Error('error sending request: connection refused'))).toBe(false);
    expect(isTimeoutError('TimedOut')).toBe(false);
  });
});
