/**
 * What happened to requests to source sites, per host, for the operator console's health page:
 * each request sent, each refusal (block page, 403/429/503 refusal), each challenge page, and
 * each page that did not parse. The fetcher reports; whoever counts registers once at start
 * (instrumentation.ts), so the fetcher depends on no database.
 */
export type FetchEventKind = 'fetch' | 'block' | 'challenge' | 'parseError';
export type FetchEventListener = (host: string, kind: FetchEventKind) => void;

const store = globalThis as typeof globalThis & { __truyenFetchEvents?: FetchEventListener | null };

export function onFetchEvent(listener: FetchEventListener | null): void {
  store.__truyenFetchEvents = listener;
}

/** Never in the way of a fetch: a failing listener is ignored. */
export function fetchEvent(host: string, kind: FetchEventKind): void {
  try {
    store.__truyenFetchEvents?.(host, kind);
  } catch {
    // Counting is best effort.
  }
}
