import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { FetchError } from './errors';
import { readCappedBody } from './readBody';
import { resolveVetted, systemLookup, type HostLookup, type ResolvedAddress } from './resolve';
import { bareHostname, connectTarget, testRouting } from './testRouting';

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 8_000;
export const MAX_REDIRECTS = 5;

export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'User-Agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.8,*/*;q=0.7',
  'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.5',
  'Accept-Encoding': 'gzip, deflate, br',
};

export interface SafeFetchOptions {
  /** Host names that may be fetched (exact match, lower case). Empty or missing refuses every host. */
  allowHosts?: readonly string[];
  /** Cap on the decoded body; the transfer is aborted as soon as it is exceeded. */
  maxBytes?: number;
  /** Total time for the whole exchange, redirects included. */
  timeoutMs?: number;
  /** Longest silence on the socket (connecting, waiting for headers, between chunks). */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  /** A form to POST (application/x-www-form-urlencoded); GET without it. */
  form?: Readonly<Record<string, string>>;
  headers?: Readonly<Record<string, string>>;
  lookup?: HostLookup;
}

export interface SafeFetchResult {
  /** URL of the final answer, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

type HopResult = { kind: 'redirect'; location: string; status: number } | { kind: 'done'; result: SafeFetchResult };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches a page of an allow-listed source site with the SSRF guard of DESIGN §7: http(s) only,
 * allow-listed hosts only, every resolved address public, the connection pinned to the vetted
 * address, redirects followed by hand and re-checked, bounded in time and size.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const routing = testRouting();
  const allowHosts = new Set((options.allowHosts ?? []).map((h) => h.toLowerCase()));
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let url = parseUrl(rawUrl);
  let form = options.form;

  for (let hop = 0; ; hop++) {
    checkUrl(url, allowHosts);
    const target = connectTarget(url, routing);
    const address = await withDeadline(
      resolveVetted(target.hostname, { lookup: options.lookup ?? systemLookup, allowLoopback: routing.allowLoopback }),
      deadline,
    );
    if (!routing.allowLoopback && !STANDARD_PORTS.has(url.port)) {
      throw new FetchError('UNSUPPORTED_HOST', `port ${url.port} refused`);
    }
    const outcome = await requestOnce(url, target, address, { ...options, form, deadline });
    if (outcome.kind === 'done') return outcome.result;
    if (hop >= maxRedirects) throw new FetchError('TOO_MANY_REDIRECTS', `more than ${maxRedirects} redirects`);
    url = parseUrl(outcome.location, url);
    if (outcome.status !== 307 && outcome.status !== 308) form = undefined;
  }
}

function parseUrl(raw: string, base?: URL): URL {
  try {
    return new URL(raw, base);
  } catch {
    throw new FetchError('BAD_URL', `not a URL: ${raw.slice(0, 200)}`);
  }
}

/** Source sites answer on the standard ports; test servers on loopback use random ones. */
const STANDARD_PORTS = new Set(['', '80', '443']);

function checkUrl(url: URL, allowHosts: ReadonlySet<string>): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('BAD_SCHEME', `scheme ${url.protocol} refused`);
  }
  if (url.username || url.password) throw new FetchError('BAD_URL', 'credentials in URL refused');
  const host = bareHostname(url);
  if (!allowHosts.has(host)) throw new FetchError('UNSUPPORTED_HOST', `host ${host} is not allow-listed`);
}

async function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FetchError('TIMEOUT', 'deadline reached')), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** A lookup that answers with the address already vetted, whatever name Node asks about. */
function pinnedLookup(vetted: ResolvedAddress): LookupFunction {
  return ((_hostname: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [{ address: vetted.address, family: vetted.family }]);
    else callback(null, vetted.address, vetted.family);
  }) as LookupFunction;
}

function requestOnce(
  url: URL,
  target: ReturnType<typeof connectTarget>,
  address: ResolvedAddress,
  options: SafeFetchOptions & { deadline: number },
): Promise<HopResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const payload = options.form ? Buffer.from(new URLSearchParams(options.form).toString()) : undefined;
  const headers: Record<string, string> = { ...BROWSER_HEADERS, ...options.headers, Host: target.hostHeader };
  if (payload) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
    headers['Content-Length'] = String(payload.length);
  }
  const transport = target.protocol === 'https:' ? https : http;

  return new Promise<HopResult>((resolve, reject) => {
    let settled = false;
    const finish = (error: FetchError | null, value?: HopResult) => {
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
      method: payload ? 'POST' : 'GET',
      headers,
      lookup: pinnedLookup(address),
      agent: false,
    });
    const totalTimer = setTimeout(
      () => finish(new FetchError('TIMEOUT', `no complete answer from ${url.host} in time`)),
      Math.max(0, options.deadline - Date.now()),
    );
    req.setTimeout(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, () =>
      finish(new FetchError('TIMEOUT', `${url.host} went silent`)),
    );
    req.on('error', (cause) => finish(new FetchError('NETWORK', `${url.host}: ${cause.message}`, { cause })));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        res.resume();
        finish(null, { kind: 'redirect', location, status });
        req.destroy();
        return;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        finish(new FetchError('HTTP_STATUS', `${url.href} answered ${status}`, { status }));
        return;
      }
      readCappedBody(res, maxBytes).then(
        (body) =>
          finish(null, {
            kind: 'done',
            result: { url: url.href, status, contentType: res.headers['content-type'] ?? '', body },
          }),
        (error: unknown) =>
          finish(
            error instanceof FetchError
              ? error
              : new FetchError('NETWORK', `${url.host}: body failed`, { cause: error }),
          ),
      );
    });
    req.end(payload);
  });
}
