import type { TestRouting } from '@/server/config/sourceRouting';

/** Where a request for `url` is actually sent. */
export interface ConnectTarget {
  protocol: 'http:' | 'https:';
  hostname: string;
  port: number;
  /** Host header value (host[:port] of the original URL). */
  hostHeader: string;
}

export function connectTarget(url: URL, routing: TestRouting): ConnectTarget {
  const hostHeader = url.host;
  if (routing.fixtureOrigin) {
    const origin = routing.fixtureOrigin;
    return { protocol: 'http:', hostname: bareHostname(origin), port: Number(origin.port || 80), hostHeader };
  }
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const port = url.port ? Number(url.port) : protocol === 'https:' ? 443 : 80;
  return { protocol, hostname: bareHostname(url), port, hostHeader };
}

/** Hostname without IPv6 brackets or a trailing dot, lower-cased. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}
