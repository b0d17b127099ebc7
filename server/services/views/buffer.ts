/**
 * Chapter views are counted in memory and written in batches: one statement every few seconds
 * per process instead of an update of the story's row per view, so a popular story is not a
 * queue of row locks. A process that dies loses at most one interval of views (counters, not
 * readers' data).
 */

export type FlushViews = (counts: ReadonlyMap<number, number>) => Promise<void>;

/** Distinct stories kept while the database is failing; beyond this, new stories' views are dropped. */
const MAX_PENDING_STORIES = 50_000;

export class ViewBuffer {
  private pending = new Map<number, number>();
  private flushing: Promise<void> | null = null;

  constructor(private readonly flush: FlushViews) {}

  record(storyId: number, views = 1): void {
    const current = this.pending.get(storyId);
    if (current === undefined && this.pending.size >= MAX_PENDING_STORIES) return;
    this.pending.set(storyId, (current ?? 0) + views);
  }

  get size(): number {
    return this.pending.size;
  }

  /** Writes what was counted; on failure the counts are kept for the next attempt. */
  drain(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.size === 0) return Promise.resolve();
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.flush(batch)
      .catch((error: unknown) => {
        for (const [storyId, views] of batch) this.record(storyId, views);
        throw error;
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }
}
