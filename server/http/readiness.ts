/**
 * Whether this site process has warmed up (server/site/warmUp.ts) and takes traffic, as GET
 * /api/health reports it. The site process and Next's route bundles are built apart, so the state
 * is published on the process's global object.
 */
export interface Readiness {
  ready: boolean;
  /** Route modules loaded and requests answered (hot pages, a title read) before the process took traffic, and how long it took. */
  warmUp?: { modules: number; requests: number; failures: number; ms: number };
}

const PUBLISHED = Symbol.for('truyen-audio.readiness');

export function publishReadiness(state: Readiness): void {
  (globalThis as { [PUBLISHED]?: Readiness })[PUBLISHED] = state;
}

/** The published state; null under `next dev` and in tests, which have no site process. */
export function readiness(): Readiness | null {
  return (globalThis as { [PUBLISHED]?: Readiness })[PUBLISHED] ?? null;
}

const WARMING = Symbol.for('truyen-audio.warming');

/** Work the server started to warm itself (instrumentation.ts: the server voice's workers), which a site process waits for before it listens. */
export function publishWarming(work: Promise<unknown>): void {
  (globalThis as { [WARMING]?: Promise<unknown> })[WARMING] = work.catch(() => undefined);
}

export function warming(): Promise<unknown> {
  return (globalThis as { [WARMING]?: Promise<unknown> })[WARMING] ?? Promise.resolve();
}
