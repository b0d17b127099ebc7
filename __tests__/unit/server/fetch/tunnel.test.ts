/** @jest-environment node */
import net from 'node:net';
import { startPinnedTunnel, type PinnedTunnel } from '@/server/fetch/clients/tunnel';
import { startServer, type TestServer } from './helpers';

/** A minimal SOCKS5 client: greeting, user/password, CONNECT by name; resolves to the reply code. */
function connectThrough(proxyUrl: string, host: string, port: number, password?: string): Promise<{ code: number; socket: net.Socket }> {
  const proxy = new URL(proxyUrl);
  const user = decodeURIComponent(proxy.username);
  const pass = password ?? decodeURIComponent(proxy.password);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(proxy.port), proxy.hostname);
    let stage = 0;
    socket.on('error', reject);
    socket.on('data', (data) => {
      if (stage === 0) {
        stage = 1;
        socket.write(Buffer.concat([Buffer.from([1, user.length]), Buffer.from(user), Buffer.from([pass.length]), Buffer.from(pass)]));
      } else if (stage === 1) {
        if (data[1] !== 0) return resolve({ code: -1, socket });
        stage = 2;
        const portBytes = Buffer.alloc(2);
        portBytes.writeUInt16BE(port);
        socket.write(Buffer.concat([Buffer.from([5, 1, 0, 3, host.length]), Buffer.from(host), portBytes]));
      } else if (stage === 2) {
        stage = 3;
        resolve({ code: data[1], socket });
      }
    });
    socket.on('connect', () => socket.write(Buffer.from([5, 1, 2])));
  });
}

let tunnel: PinnedTunnel;
let server: TestServer;
beforeEach(async () => {
  tunnel = await startPinnedTunnel();
  server = await startServer((_req, res) => res.end('reached'));
});
afterEach(async () => {
  await tunnel.close();
  await server.close();
});

it('connects an announced host to the vetted address, without resolving the name', async () => {
  const revoke = tunnel.allow('www.69shuba.com', 443, { address: '127.0.0.1', port: server.port, allowLoopback: true });
  const { code, socket } = await connectThrough(tunnel.proxyUrl, 'www.69shuba.com', 443);
  expect(code).toBe(0);
  const answer = await new Promise<string>((resolve) => {
    socket.once('data', (data) => resolve(data.toString()));
    socket.write('GET / HTTP/1.1\r\nHost: www.69shuba.com\r\nConnection: close\r\n\r\n');
  });
  expect(answer).toMatch(/reached$/);
  socket.destroy();
  revoke();
  const after = await connectThrough(tunnel.proxyUrl, 'www.69shuba.com', 443);
  expect(after.code).toBe(2);
  after.socket.destroy();
});

it('refuses hosts and ports that were not announced, and a wrong secret', async () => {
  tunnel.allow('www.69shuba.com', 443, { address: '127.0.0.1', port: server.port, allowLoopback: true });
  for (const [host, port] of [['169.254.169.254', 80], ['www.69shuba.com', 22], ['localhost', server.port]] as const) {
    const { code, socket } = await connectThrough(tunnel.proxyUrl, host, port);
    expect(code).toBe(2);
    socket.destroy();
  }
  const wrong = await connectThrough(tunnel.proxyUrl, 'www.69shuba.com', 443, 'not-the-secret');
  expect(wrong.code).toBe(-1);
  wrong.socket.destroy();
  expect(server.requests).toHaveLength(0);
});

it('checks the granted address once more: a private one is refused before any socket opens', async () => {
  tunnel.allow('www.69shuba.com', 443, { address: '127.0.0.1', port: server.port, allowLoopback: false });
  tunnel.allow('intranet.test', 80, { address: '10.0.0.8', port: 80, allowLoopback: true });
  for (const host of ['www.69shuba.com', 'intranet.test']) {
    const { code, socket } = await connectThrough(tunnel.proxyUrl, host, host === 'intranet.test' ? 80 : 443);
    expect(code).toBe(2);
    socket.destroy();
  }
  expect(tunnel.refusals()).toEqual([expect.stringContaining('127.0.0.1 is not public'), expect.stringContaining('10.0.0.8 is not public')]);
  expect(server.requests).toHaveLength(0);
});
