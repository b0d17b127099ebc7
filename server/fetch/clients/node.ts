import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { FetchError } from '../errors';
import { readCappedBody } from '../readBody';
import type { ResolvedAddress } from '../resolve';
import { REDIRECT_STATUSES, type HopRequest, type HopResponse, type HttpClient } from './types';

/** Headers a desktop Chrome sends; enough for sites that only look at the user agent. */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'User-Agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.8,*/*;q=0.7',
  'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.5',
  'Accept-Encoding': 'gzip, deflate, br',
};

/** A lookup that answers with the address already vetted, whatever name Node asks about. */
function pinnedLookup(vetted: ResolvedAddress): LookupFunction {
  return ((_hostname: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [{ address: vetted.address, family: vetted.family }]);
    else callback(null, vetted.address, vetted.family);
  }) as LookupFunction;
}

function flatHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined && name !== 'set-cookie') out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function send(hop: HopRequest): Promise<HopResponse> {
  const { url, target } = hop;
  const headers: Record<string, string> = { ...BROWSER_HEADERS, ...hop.headers, Host: target.hostHeader };
  if (hop.body) headers['Content-Length'] = String(hop.body.length);
  const transport = target.protocol === 'https:' ? https : http;

  return new Promise<HopResponse>((resolve, reject) => {
    let settled = false;
    const finish = (error: FetchError | null, value?: HopResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(totalTimer);
      if (error) {
        req.destroy();
        reject(error);
      } else if (value) {
        resolve(value);
      }
    };
    const req = transport.request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      servername: target.protocol === 'https:' ? target.hostname : undefined,
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers,
      lookup: pinnedLookup(hop.address),
      agent: false,
    });
    const totalTimer = setTimeout(
      () => finish(new FetchError('TIMEOUT', `no complete answer from ${url.host} in time`)),
      Math.max(0, hop.deadline - Date.now()),
    );
    req.setTimeout(hop.idleTimeoutMs, () => finish(new FetchError('TIMEOUT', `${url.host} went silent`)));
    req.on('error', (cause) => finish(new FetchError('NETWORK', `${url.host}: ${cause.message}`, { cause })));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const answer = { status, headers: flatHeaders(res.headers), setCookies: res.headers['set-cookie'] ?? [] };
      if (REDIRECT_STATUSES.has(status)) {
        res.resume();
        finish(null, { ...answer, body: Buffer.alloc(0) });
        req.destroy();
        return;
      }
      readCappedBody(res, hop.maxBytes).then(
        (body) => finish(null, { ...answer, body }),
        (error: unknown) =>
          finish(error instanceof FetchError ? error : new FetchError('NETWORK', `${url.host}: body failed`, { cause: error })),
      );
    });
    req.end(hop.body);
  });
}

/** Node's own http/https: no browser TLS fingerprint, for sites that do not look at one. */
export const nodeClient: HttpClient = { name: 'node', send };
