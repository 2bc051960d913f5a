/**
 * Bookkeeping of the crypto page's performance test (spec §2 Crypto test page, §9 "performance
 * metrics keep the last 100"): the history of measurements and min/avg/max per operation.
 */

/** How many measurements the page keeps (all operations together). spec §9. */
export const PERFORMANCE_HISTORY_LIMIT = 100;

/** The operations one performance run measures, in display order. */
export const PERFORMANCE_OPERATIONS = [
  'encrypt-10kb',
  'decrypt-10kb',
  'encrypt-100kb',
  'decrypt-100kb',
  'key-derivation',
] as const;

export type PerformanceOperation = (typeof PERFORMANCE_OPERATIONS)[number];

/** One timed operation; `durationMs` in milliseconds. */
export interface Measurement {
  operation: PerformanceOperation;
  durationMs: number;
}

/** Statistics of one operation over the kept history, in milliseconds. */
export interface OperationStats {
  operation: PerformanceOperation;
  count: number;
  lastMs: number;
  minMs: number;
  avgMs: number;
  maxMs: number;
}

/**
 * `history` followed by `added`, keeping only the newest `limit` (default 100) entries. Returns a
 * new array; the inputs are not changed.
 */
export function recordMeasurements(
  history: readonly Measurement[],
  added: readonly Measurement[],
  limit: number = PERFORMANCE_HISTORY_LIMIT,
): Measurement[] {
  const all = [...history, ...added];
  return limit <= 0 ? [] : all.slice(Math.max(0, all.length - limit));
}

/**
 * Count, last, min, average and max per operation, in PERFORMANCE_OPERATIONS order; operations
 * without measurements are left out.
 */
export function summarizeMeasurements(history: readonly Measurement[]): OperationStats[] {
  const stats: OperationStats[] = [];
  for (const operation of PERFORMANCE_OPERATIONS) {
    const durations = history
      .filter((measurement) => measurement.operation === operation)
      .map((measurement) => measurement.durationMs);
    const last = durations[durations.length - 1];
    if (last === undefined) continue;
    const total = durations.reduce((sum, duration) => sum + duration, 0);
    stats.push({
      operation,
      count: durations.length,
      lastMs: last,
      minMs: Math.min(...durations),
      avgMs: total / durations.length,
      maxMs: Math.max(...durations),
    });
  }
  return stats;
}

/** A duration in ms with one decimal, in the conventions of `locale` (e.g. '12.5', '12,5'). */
export function formatDurationMs(durationMs: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(durationMs);
}
