/**
 * The one percentile of the benchmarks: nearest rank (the smallest value with at least p % of
 * the values at or below it), on a sorted copy, so callers may pass samples in any order.
 * NaN for no samples.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((Math.min(Math.max(p, 0), 100) / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(rank - 1, 0))];
}
