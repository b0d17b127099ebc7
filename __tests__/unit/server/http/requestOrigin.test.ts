import type { IncomingMessage } from 'node:http';
import { clientIp, publicOrigin, selfOrigin } from '@/server/http/requestOrigin';

type Req = Pick<IncomingMessage, 'headers' | 'socket'>;

function request(headers: IncomingMessage['headers'], socket: Partial<{ localAddress: string; localPort: number; remoteAddress: string; encrypted: boolean }> = {}): Req {
  return { headers, socket: socket as IncomingMessage['socket'] };
}

describe('publicOrigin', () => {
  it('prefers the configured site URL', () => {
    expect(publicOrigin(request({ host: 'evil.example' }), 'https://truyenaudio.vn/')).toBe('https://truyenaudio.vn');
  });

  it('uses the origin the browser used, through a proxy or directly', () => {
    expect(publicOrigin(request({ host: 'app:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'truyen.example, proxy' }), '')).toBe(
      'https://truyen.example',
    );
    expect(publicOrigin(request({ host: 'localhost:3206' }), '')).toBe('http://localhost:3206');
    expect(publicOrigin(request({ host: 'localhost:3206', 'x-forwarded-proto': 'gopher' }), '')).toBe('http://localhost:3206');
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
  it('takes the first forwarded address, else the socket', () => {
    expect(clientIp(request({ 'x-forwarded-for': '203.0.113.9, 10.0.0.1' }, { remoteAddress: '10.0.0.1' }))).toBe('203.0.113.9');
    expect(clientIp(request({}, { remoteAddress: '::1' }))).toBe('::1');
  });
});
