import http from 'node:http';
import zlib from 'node:zlib';
import { parseSetCookie } from '../../../server/fetch/cookies';

/**
 * A keep-alive HTTP client that records every request's latency and outcome in the recorder that
 * was current when the request started (`recorder` is switched when a warm-up ends).
 */

export interface Answer {
  status: number;
  /** The body as text, decoded when it is read (most answers are never read). */
  readonly body: string;
}

export interface Recorder {
  latencies: number[];
  /** Latencies by kind of request (the reader's action). */
  byAction: Map<string, number[]>;
  statuses: Map<number, number>;
  /** Answers other than 2xx by action and status, e.g. `history 503`. */
  refusals: Map<string, number>;
  failed: number;
  /** When each answered request ended (ms since the recorder was made), its latency and its action. */
  timeline: [number, number, string][];
  startedAt: number;
}

export function newRecorder(): Recorder {
  return { latencies: [], byAction: new Map(), statuses: new Map(), refusals: new Map(), failed: 0, timeline: [], startedAt: performance.now() };
}

/** A reader's cookies as a browser keeps them (the device cookie the site gives). */
export type CookieJar = Map<string, string>;

function keepCookies(jar: CookieJar, setCookie: string[] | undefined): void {
  for (const line of setCookie ?? []) {
    const cookie = parseSetCookie(line);
    if (cookie) jar.set(cookie.key, cookie.value);
  }
}

const TIMEOUT_MS = 30_000;

/** What current browsers accept (Chrome, Edge, Firefox): the site compresses for the readers as it does for them. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** A body as the browser would read it, decoded from the content-encoding it came with. */
function decoded(raw: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
      return zlib.gunzipSync(raw);
    case 'deflate':
      return zlib.inflateSync(raw);
    case 'br':
      return zlib.brotliDecompressSync(raw);
    default:
      return raw;
  }
}

export class LoadClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1_000 });

  constructor(
    private readonly origin: URL,
    public recorder: Recorder,
  ) {}

  /** One request; null when it failed at the network level (counted as failed). */
  request(action: string, method: string, path: string, options: { body?: unknown; token?: string; jar?: CookieJar } = {}): Promise<Answer | null> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { accept: 'application/json, text/html', 'accept-encoding': ACCEPT_ENCODING };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.jar?.size) headers.cookie = [...options.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const started = performance.now();
    const recorder = this.recorder;
    return new Promise((resolve) => {
      const req = http.request(
        { host: this.origin.hostname, port: this.origin.port, path, method, headers, agent: this.agent, timeout: TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const latency = performance.now() - started;
            recorder.latencies.push(latency);
            recorder.timeline.push([performance.now() - recorder.startedAt, latency, action]);
            if (options.jar) keepCookies(options.jar, res.headers['set-cookie']);
            const mine = recorder.byAction.get(action) ?? [];
            mine.push(latency);
            recorder.byAction.set(action, mine);
            const status = res.statusCode ?? 0;
            recorder.statuses.set(status, (recorder.statuses.get(status) ?? 0) + 1);
            if (status >= 300) recorder.refusals.set(`${action} ${status}`, (recorder.refusals.get(`${action} ${status}`) ?? 0) + 1);
            const raw = Buffer.concat(chunks);
            let text: string | undefined;
            resolve({
              status,
              get body() {
                text ??= decoded(raw, res.headers['content-encoding']).toString('utf8');
                return text;
              },
            });
          });
          res.on('error', () => this.fail(recorder, resolve));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => this.fail(recorder, resolve));
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  private fail(recorder: Recorder, resolve: (answer: Answer | null) => void): void {
    recorder.failed += 1;
    resolve(null);
  }

  close(): void {
    this.agent.destroy();
  }
}

