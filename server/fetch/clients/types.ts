import type { ResolvedAddress } from '../resolve';
import type { ConnectTarget } from '../testRouting';

/** One request/answer exchange, already vetted by safeFetch: the client must connect to `address` only. */
export interface HopRequest {
  /** The URL as the caller sees it. */
  url: URL;
  /** Where the connection goes (the fixture server in tests) and the Host to send. */
  target: ConnectTarget;
  /** The vetted address of `target.hostname`; never resolve the name again. */
  address: ResolvedAddress;
  /** Whether loopback addresses pass (tests only, see testRouting). */
  allowLoopback: boolean;
  method: 'GET' | 'POST';
  /** Headers of this request (cookies, form type); the client adds its browser profile. */
  headers: Readonly<Record<string, string>>;
  body?: Buffer;
  /** Epoch ms by which the whole exchange must be over. */
  deadline: number;
  idleTimeoutMs: number;
  /** Cap on the decoded body. */
  maxBytes: number;
}

export interface HopResponse {
  status: number;
  /** Header values by lower-case name (repeated headers joined by ", "). */
  headers: Readonly<Record<string, string>>;
  /** Each Set-Cookie header on its own. */
  setCookies: string[];
  /** Decoded body; empty for redirects. */
  body: Buffer;
}

/** A way to speak HTTP to a source site. Every client keeps the pinned-address guarantee. */
export interface HttpClient {
  /** Name shown by operator tools: "node" or "impit". */
  readonly name: string;
  send(hop: HopRequest): Promise<HopResponse>;
}

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
