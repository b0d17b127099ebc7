import type { Browser, Impit } from 'impit';
import { FetchError } from '../errors';
import { bareHostname } from '../testRouting';
import { startPinnedTunnel, type PinnedTunnel } from './tunnel';
import { REDIRECT_STATUSES, type HopRequest, type HopResponse, type HttpClient } from './types';

/**
 * impit: an HTTP client (Rust, prebuilt per platform) that speaks TLS and HTTP/2 the way Chrome
 * does, for sites that refuse anything that does not look like a browser at the TLS level.
 *
 * impit resolves names itself and has no hook to pin an address, so it is never given a route
 * of its own: every request goes through a SOCKS5 tunnel of ours (tunnel.ts) as `socks5h`, which
 * hands the host name to the tunnel unresolved. Before each request safeFetch has vetted the host's
 * addresses; the tunnel accepts a CONNECT only for the host:port announced for a request in flight
 * and connects to the vetted address, which it checks against the address policy once more.
 * TLS runs end to end inside the tunnel, so the fingerprint and certificate checks are impit's.
 * Redirects are not followed by impit: safeFetch follows them and vets every hop again.
 */
export interface ImpitHttpClient extends HttpClient {
  close(): Promise<void>;
}

/** Headers we add; impit's browser profile provides User-Agent, Accept, sec-ch-ua and their order. */
const EXTRA_HEADERS: Readonly<Record<string, string>> = { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' };

interface Session {
  impit: Impit;
  tunnel: PinnedTunnel;
}

function headersOf(response: { headers: Headers }): { headers: Record<string, string>; setCookies: string[] } {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  });
  return { headers, setCookies: response.headers.getSetCookie?.() ?? [] };
}

async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  hop: HopRequest,
  onChunk: () => void,
): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    onChunk();
    size += value.byteLength;
    if (size > hop.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FetchError('TOO_LARGE', `more than ${hop.maxBytes} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/**
 * Whether impit gave up on its own timeout, which it sets to the same deadline as ours and may
 * reach first: named so, or a body read whose cause is reqwest's `TimedOut`.
 */
export function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && (/timeout/i.test(error.name) || /\btimed ?out\b/i.test(error.message));
}

export function createImpitClient(options: { browser?: Browser } = {}): ImpitHttpClient {
  let session: Promise<Session> | null = null;
  const start = (): Promise<Session> => {
    session ??= (async () => {
      const [{ Impit }, tunnel] = await Promise.all([import('impit'), startPinnedTunnel()]);
      const impit = new Impit({ browser: options.browser ?? 'chrome', proxyUrl: tunnel.proxyUrl, followRedirects: false });
      return { impit, tunnel };
    })().catch((error: unknown) => {
      session = null;
      throw new FetchError('NETWORK', 'impit could not start', { cause: error });
    });
    return session;
  };

  async function send(hop: HopRequest): Promise<HopResponse> {
    const { impit, tunnel } = await start();
    const requestUrl = new URL(hop.url.href);
    if (requestUrl.protocol !== hop.target.protocol) {
      // Test routing sends https pages to the plain-HTTP fixture server.
      requestUrl.protocol = hop.target.protocol;
      requestUrl.port = '';
    }
    const port = Number(requestUrl.port || (requestUrl.protocol === 'https:' ? 443 : 80));
    const revoke = tunnel.allow(bareHostname(requestUrl), port, {
      address: hop.address.address,
      port: hop.target.port,
      allowLoopback: hop.allowLoopback,
    });
    const controller = new AbortController();
    let expired: 'deadline' | 'idle' | null = null;
    const abort = (why: 'deadline' | 'idle') => {
      expired = why;
      controller.abort();
    };
    const totalTimer = setTimeout(() => abort('deadline'), Math.max(0, hop.deadline - Date.now()));
    let idleTimer = setTimeout(() => abort('idle'), hop.idleTimeoutMs);
    const touch = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => abort('idle'), hop.idleTimeoutMs);
    };
    try {
      const response = await impit.fetch(requestUrl.href, {
        method: hop.method,
        headers: { ...EXTRA_HEADERS, ...hop.headers },
        body: hop.body ? new Uint8Array(hop.body) : undefined,
        redirect: 'manual',
        signal: controller.signal,
        timeout: Math.max(1, hop.deadline - Date.now()),
      });
      touch();
      const { headers, setCookies } = headersOf(response);
      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status, headers, setCookies, body: Buffer.alloc(0) };
      }
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > hop.maxBytes && !headers['content-encoding']) {
        await response.body?.cancel().catch(() => undefined);
        throw new FetchError('TOO_LARGE', `declared ${declared} bytes`);
      }
      const body = await readCapped(response.body, hop, touch);
      return { status: response.status, headers, setCookies, body };
    } catch (error) {
      if (error instanceof FetchError) throw error;
      if (expired === 'idle') throw new FetchError('TIMEOUT', `${hop.url.host} went silent`);
      if (expired === 'deadline' || isTimeoutError(error)) {
        throw new FetchError('TIMEOUT', `no complete answer from ${hop.url.host} in time`, { cause: error });
      }
      if (error instanceof Error && /proxy/i.test(error.name)) {
        throw new FetchError('BLOCKED_ADDRESS', `tunnel refused ${requestUrl.host}`, { cause: error });
      }
      const message = error instanceof Error ? error.message : String(error);
      throw new FetchError('NETWORK', `${hop.url.host}: ${message}`, { cause: error });
    } finally {
      clearTimeout(totalTimer);
      clearTimeout(idleTimer);
      revoke();
    }
  }

  return {
    name: 'impit',
    send,
    async close() {
      const current = session;
      session = null;
      if (current) await (await current.catch(() => null))?.tunnel.close();
    },
  };
}
