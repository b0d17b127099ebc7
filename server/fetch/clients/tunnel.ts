import { randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { isBlockedAddress, parseIPv6Groups } from '../addressPolicy';

/**
 * A SOCKS5 server on 127.0.0.1 that lets a client library reach exactly the addresses safeFetch
 * vetted. Clients that resolve names themselves (impit has no resolve hook) are pointed at it as
 * `socks5h://…`, so they hand the host name to us instead of resolving it; we never resolve it
 * either: a CONNECT is accepted only for a host:port that safeFetch has announced for a request in
 * flight, and goes to the address vetted for it, checked once more against the address policy.
 * Anything else is refused before a socket to the outside is opened. A random secret in the
 * proxy URL keeps other local processes from using the tunnel.
 */
export interface ConnectGrant {
  address: string;
  port: number;
  allowLoopback: boolean;
}

export interface PinnedTunnel {
  /** The proxy URL to give the client: socks5h://user:secret@127.0.0.1:port. */
  readonly proxyUrl: string;
  /** Allows CONNECT host:port to go to `grant` until the returned function is called. */
  allow(host: string, port: number, grant: ConnectGrant): () => void;
  /** CONNECT requests refused so far (for tests and logs). */
  refusals(): readonly string[];
  close(): Promise<void>;
}

const HANDSHAKE_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 10_000;
const MAX_HANDSHAKE_BYTES = 1024;
const USER = 'safefetch';

/** SOCKS5 replies (RFC 1928 §6). */
const REPLY = { ok: 0x00, failure: 0x01, notAllowed: 0x02, unreachable: 0x04, refused: 0x05, badAddress: 0x08 } as const;

/** One spelling per host: lower case, no trailing dot, IPv6 as eight full groups. */
function hostKey(host: string, port: number): string {
  const bare = host.toLowerCase().replace(/\.$/, '');
  const groups = net.isIP(bare) === 6 ? parseIPv6Groups(bare) : null;
  return `${groups ? groups.map((g) => g.toString(16)).join(':') : bare}:${port}`;
}

function reply(socket: net.Socket, code: number): void {
  socket.write(Buffer.from([0x05, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
}

function sameSecret(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface ConnectRequest {
  host: string;
  port: number;
  rest: Buffer;
}

/** Parses a CONNECT request; null when more bytes are needed, 'bad' when it is malformed. */
function parseConnect(buf: Buffer): ConnectRequest | null | 'bad' {
  if (buf.length < 5) return null;
  if (buf[0] !== 0x05 || buf[1] !== 0x01) return 'bad';
  const atyp = buf[3];
  let host: string;
  let offset: number;
  if (atyp === 0x01) {
    if (buf.length < 10) return null;
    host = [...buf.subarray(4, 8)].join('.');
    offset = 8;
  } else if (atyp === 0x03) {
    const length = buf[4];
    if (buf.length < 5 + length + 2) return null;
    host = buf.subarray(5, 5 + length).toString('latin1');
    offset = 5 + length;
  } else if (atyp === 0x04) {
    if (buf.length < 22) return null;
    const groups: string[] = [];
    for (let i = 0; i < 8; i++) groups.push(buf.readUInt16BE(4 + i * 2).toString(16));
    host = groups.join(':');
    offset = 20;
  } else {
    return 'bad';
  }
  return { host, port: buf.readUInt16BE(offset), rest: buf.subarray(offset + 2) };
}

export async function startPinnedTunnel(): Promise<PinnedTunnel> {
  const secret = randomBytes(18).toString('base64url');
  const secretBytes = Buffer.from(secret);
  const grants = new Map<string, ConnectGrant[]>();
  const refused: string[] = [];
  const sockets = new Set<net.Socket>();

  const refuse = (socket: net.Socket, code: number, why: string) => {
    refused.push(why);
    reply(socket, code);
    socket.end();
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(HANDSHAKE_TIMEOUT_MS, () => socket.destroy());
    let stage: 'greeting' | 'auth' | 'connect' | 'done' = 'greeting';
    let buf = Buffer.alloc(0);

    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length > MAX_HANDSHAKE_BYTES) return socket.destroy();
      if (stage === 'greeting') {
        if (buf.length < 2 || buf.length < 2 + buf[1]) return;
        const methods = buf.subarray(2, 2 + buf[1]);
        buf = buf.subarray(2 + buf[1]);
        if (!methods.includes(0x02)) {
          socket.end(Buffer.from([0x05, 0xff]));
          return;
        }
        socket.write(Buffer.from([0x05, 0x02]));
        stage = 'auth';
      }
      if (stage === 'auth') {
        if (buf.length < 2) return;
        const userLength = buf[1];
        if (buf.length < 3 + userLength) return;
        const passLength = buf[2 + userLength];
        if (buf.length < 3 + userLength + passLength) return;
        const user = buf.subarray(2, 2 + userLength).toString('latin1');
        const pass = buf.subarray(3 + userLength, 3 + userLength + passLength);
        buf = buf.subarray(3 + userLength + passLength);
        if (user !== USER || !sameSecret(pass, secretBytes)) {
          socket.end(Buffer.from([0x01, 0x01]));
          return;
        }
        socket.write(Buffer.from([0x01, 0x00]));
        stage = 'connect';
      }
      if (stage === 'connect') {
        const request = parseConnect(buf);
        if (request === null) return;
        stage = 'done';
        socket.off('data', onData);
        if (request === 'bad') return refuse(socket, REPLY.failure, 'malformed request');
        const key = hostKey(request.host, request.port);
        const grant = grants.get(key)?.at(-1);
        if (!grant) return refuse(socket, REPLY.notAllowed, `${key} was not announced`);
        if (isBlockedAddress(grant.address, { allowLoopback: grant.allowLoopback })) {
          return refuse(socket, REPLY.notAllowed, `${key} → ${grant.address} is not public`);
        }
        const upstream = net.connect({ host: grant.address, port: grant.port, timeout: CONNECT_TIMEOUT_MS });
        upstream.once('timeout', () => upstream.destroy(new Error('connect timeout')));
        upstream.once('error', () => {
          if (socket.writable && !upstream.remoteAddress) reply(socket, REPLY.unreachable);
          socket.destroy();
        });
        upstream.once('connect', () => {
          upstream.setTimeout(0);
          socket.setTimeout(0);
          reply(socket, REPLY.ok);
          if (request.rest.length) upstream.write(request.rest);
          socket.pipe(upstream);
          upstream.pipe(socket);
        });
        socket.once('close', () => upstream.destroy());
      }
    };
    socket.on('data', onData);
  });
  server.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    proxyUrl: `socks5h://${USER}:${secret}@127.0.0.1:${port}`,
    allow(host, targetPort, grant) {
      const key = hostKey(host, targetPort);
      const list = grants.get(key) ?? [];
      list.push(grant);
      grants.set(key, list);
      return () => {
        const current = grants.get(key);
        if (!current) return;
        const at = current.indexOf(grant);
        if (at >= 0) current.splice(at, 1);
        if (current.length === 0) grants.delete(key);
      };
    },
    refusals: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
