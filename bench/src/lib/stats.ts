/** Order statistics of samples (milliseconds, bytes — any unit; the result has the same unit). */

/**
 * The `p`-th percentile (0–100) of `samples` with linear interpolation between the closest ranks
 * (the definition of numpy's default and of most load generators).
 * @throws RangeError for an empty sample or `p` outside 0–100.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new RangeError('percentile of an empty sample');
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile ${p} is not within 0–100`);
  const sorted = samples.toSorted((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  const low = sorted[lower] ?? 0;
  const high = sorted[upper] ?? low;
  return low + (high - low) * (rank - lower);
}

/** The median (50th percentile) of `samples`. @throws RangeError for an empty sample. */
export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** p50, p95 and p99 of `samples`. @throws RangeError for an empty sample. */
export function latencySummary(samples: readonly number[]): {
  p50: number;
  p95: number;
  p99: number;
} {
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
  };
}
