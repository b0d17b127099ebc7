import http from 'node:http';

/** A keep-alive HTTP client that records every request's latency and outcome. */

export interface Answer {
  status: number;
  body: string;
}

export interface Recorder {
  latencies: number[];
  /** Latencies by kind of request (the reader's action). */
  byAction: Map<string, number[]>;
  statuses: Map<number, number>;
  /** Answers other than 2xx by action and status, e.g. `history 503`. */
  refusals: Map<string, number>;
  failed: number;
  wrong: string[];
}

export function newRecorder(): Recorder {
  return { latencies: [], byAction: new Map(), statuses: new Map(), refusals: new Map(), failed: 0, wrong: [] };
}

const TIMEOUT_MS = 30_000;

export class LoadClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1_000 });

  constructor(
    private readonly origin: URL,
    private readonly recorder: Recorder,
  ) {}

  /** One request; null when it failed at the network level (counted as failed). */
  request(action: string, method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<Answer | null> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { accept: 'application/json, text/html' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const started = performance.now();
    return new Promise((resolve) => {
      const req = http.request(
        { host: this.origin.hostname, port: this.origin.port, path, method, headers, agent: this.agent, timeout: TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const latency = performance.now() - started;
            this.recorder.latencies.push(latency);
            const mine = this.recorder.byAction.get(action) ?? [];
            mine.push(latency);
            this.recorder.byAction.set(action, mine);
            const status = res.statusCode ?? 0;
            this.recorder.statuses.set(status, (this.recorder.statuses.get(status) ?? 0) + 1);
            if (status >= 300) this.recorder.refusals.set(`${action} ${status}`, (this.recorder.refusals.get(`${action} ${status}`) ?? 0) + 1);
            resolve({ status, body: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', () => this.fail(resolve));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => this.fail(resolve));
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  private fail(resolve: (answer: Answer | null) => void): void {
    this.recorder.failed += 1;
    resolve(null);
  }

  close(): void {
    this.agent.destroy();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
