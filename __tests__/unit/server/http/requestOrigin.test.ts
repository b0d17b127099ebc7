import type { IncomingMessage } from 'node:http';
import { parseServerEnv } from '@/server/env';
import { clientIp, publicOrigin, selfOrigin } from '@/server/http/requestOrigin';
import { parseTrustProxy } from '@/server/config/trustProxy';

type Req = Pick<IncomingMessage, 'headers' | 'socket'>;

const config = (extra: Record<string, string> = {}) => parseServerEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgres://localhost/x', ...extra });

function request(headers: IncomingMessage['headers'], socket: Partial<{ localAddress: string; localPort: number; remoteAddress: string; encrypted: boolean }> = {}): Req {
  return { headers, socket: socket as IncomingMessage['socket'] };
}

describe('publicOrigin', () => {
  it('prefers the configured site URL', () => {
    expect(publicOrigin(request({ host: 'evil.example' }), config({ NEXT_PUBLIC_SITE_URL: 'https://truyenaudio.vn/' }))).toBe('https://truyenaudio.vn');
  });

  it('believes X-Forwarded-Proto/Host only from a trusted proxy', () => {
    const proxied = request({ host: 'app:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'truyen.example, proxy' }, { remoteAddress: '10.0.0.2' });
    expect(publicOrigin(proxied, config({ TRUST_PROXY: '10.0.0.0/8' }))).toBe('https://truyen.example');
    expect(publicOrigin(proxied, config())).toBe('http://app:3000');
    expect(publicOrigin(proxied, config({ TRUST_PROXY: '127.0.0.1' }))).toBe('http://app:3000');
  });

  it('uses the Host the browser used directly', () => {
    expect(publicOrigin(request({ host: 'localhost:3206' }), config())).toBe('http://localhost:3206');
    expect(publicOrigin(request({ host: 'localhost:3206', 'x-forwarded-proto': 'gopher' }), config({ TRUST_PROXY: '1' }))).toBe('http://localhost:3206');
  });
});

describe('selfOrigin', () => {
  it('is the address the request arrived on, whatever the Host header says', () => {
    expect(selfOrigin(request({ host: 'evil.example' }, { localAddress: '127.0.0.1', localPort: 3206 }))).toBe('http://127.0.0.1:3206');
    expect(selfOrigin(request({}, { localAddress: '::ffff:127.0.0.1', localPort: 80 }))).toBe('http://127.0.0.1:80');
    expect(selfOrigin(request({}, { localAddress: '::1', localPort: 3000, encrypted: true }))).toBe('https://[::1]:3000');
  });
});

describe('clientIp', () => {
  const chain = request({ 'x-forwarded-for': '198.51.100.7, 203.0.113.9, 10.0.0.1' }, { remoteAddress: '10.0.0.2' });

  it('ignores X-Forwarded-For unless TRUST_PROXY says whom to believe', () => {
    expect(clientIp(chain, parseTrustProxy(undefined))).toBe('10.0.0.2');
    expect(clientIp(chain, parseTrustProxy('0'))).toBe('10.0.0.2');
    expect(clientIp(request({}, { remoteAddress: '::ffff:127.0.0.1' }), parseTrustProxy(''))).toBe('127.0.0.1');
  });

  it('counts hops from the socket', () => {
    expect(clientIp(chain, parseTrustProxy('1'))).toBe('10.0.0.1');
    expect(clientIp(chain, parseTrustProxy('2'))).toBe('203.0.113.9');
    expect(clientIp(chain, parseTrustProxy('9'))).toBe('198.51.100.7');
  });

  it('walks trusted ranges from the socket to the first address outside them', () => {
    expect(clientIp(chain, parseTrustProxy('10.0.0.0/8'))).toBe('203.0.113.9');
    expect(clientIp(chain, parseTrustProxy('private, loopback'))).toBe('203.0.113.9');
    expect(clientIp(chain, parseTrustProxy('192.168.0.0/16'))).toBe('10.0.0.2');
    expect(clientIp(request({ 'x-forwarded-for': 'junk, 2001:db8::5' }, { remoteAddress: '::1' }), parseTrustProxy('loopback'))).toBe('2001:db8::5');
  });

  it('refuses a TRUST_PROXY it cannot read, naming the variable', () => {
    expect(() => config({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => config({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
