import iconv from 'iconv-lite';
import { isCloudflareChallenge, parseRetryAfter } from './blocks';
import { nodeClient } from './clients/node';
import type { HopResponse, HttpClient } from './clients/types';
import { REDIRECT_STATUSES } from './clients/types';
import type { CookieJar } from './cookies';
import { FetchError } from './errors';
import { resolveVetted, systemLookup, type HostLookup } from './resolve';
import { sourceRouting } from '../env';
import { bareHostname, connectTarget } from './testRouting';

export { BROWSER_HEADERS } from './clients/node';

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 8_000;
export const MAX_REDIRECTS = 5;

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
  /** How the form's values are encoded: UTF-8 by default, GBK for the sites whose pages are GBK. */
  formCharset?: 'utf-8' | 'gbk';
  headers?: Readonly<Record<string, string>>;
  lookup?: HostLookup;
  /** How to speak HTTP: Node's own client by default, impit for sites that check the TLS fingerprint. */
  client?: HttpClient;
  /** Cookies sent and kept across the hops (and across calls when the caller keeps the jar). */
  cookies?: CookieJar;
}

export interface SafeFetchResult {
  /** URL of the final answer, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

/** A form as application/x-www-form-urlencoded, its values in the given charset ("+" for spaces). */
export function encodeForm(form: Readonly<Record<string, string>>, charset: 'utf-8' | 'gbk' = 'utf-8'): string {
  if (charset === 'utf-8') return new URLSearchParams(form).toString();
  const encode = (text: string) =>
    Array.from(iconv.encode(text, 'gbk'), (byte) =>
      /[A-Za-z0-9*\-._]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : byte === 0x20 ? '+' : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    ).join('');
  return Object.entries(form).map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}

/**
 * Fetches a page of an allow-listed source site with the SSRF guard of DESIGN §7: http(s) only,
 * allow-listed hosts only, every resolved address public, the connection pinned to the vetted
 * address (whatever the client), redirects followed by hand and re-checked, bounded in time and
 * size. A non-2xx answer is an error: 404/410 SOURCE_NOT_FOUND, 403/429 or a Cloudflare check
 * SOURCE_BLOCKED (with the Retry-After), anything else HTTP_STATUS.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const routing = sourceRouting();
  const client = options.client ?? nodeClient;
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
    const headers: Record<string, string> = { ...options.headers };
    const cookie = options.cookies?.header(url);
    if (cookie) headers.Cookie = cookie;
    if (form) headers['Content-Type'] = `application/x-www-form-urlencoded; charset=${options.formCharset === 'gbk' ? 'GBK' : 'UTF-8'}`;
    const response = await withDeadline(
      client.send({
        url,
        target,
        address,
        allowLoopback: routing.allowLoopback,
        method: form ? 'POST' : 'GET',
        headers,
        body: form ? Buffer.from(encodeForm(form, options.formCharset)) : undefined,
        deadline,
        idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
        maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
      }),
      deadline,
    );
    options.cookies?.store(url, response.setCookies);
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(response.status) && location) {
      if (hop >= maxRedirects) throw new FetchError('TOO_MANY_REDIRECTS', `more than ${maxRedirects} redirects`);
      url = parseUrl(location, url);
      if (response.status !== 307 && response.status !== 308) form = undefined;
      continue;
    }
    if (response.status < 200 || response.status >= 300) throw answerError(url, response);
    return { url: url.href, status: response.status, contentType: response.headers['content-type'] ?? '', body: response.body };
  }
}

/** The error for a non-2xx answer (exported so in-process test servers classify answers alike). */
export function answerError(url: URL, response: Pick<HopResponse, 'status' | 'headers' | 'body'>): FetchError {
  const status = response.status;
  const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
  if (isCloudflareChallenge(response.headers, response.body)) {
    return new FetchError('SOURCE_BLOCKED', `${url.host} answered ${status} with a Cloudflare check`, { status, retryAfterMs });
  }
  if (status === 404 || status === 410) return new FetchError('SOURCE_NOT_FOUND', `${url.href} answered ${status}`, { status });
  if (status === 403 || status === 429) {
    return new FetchError('SOURCE_BLOCKED', `${url.href} answered ${status}`, { status, retryAfterMs });
  }
  return new FetchError('HTTP_STATUS', `${url.href} answered ${status}`, { status, retryAfterMs });
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
