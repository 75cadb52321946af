// Percentiles of the Insights page ("average and p90"), by the nearest-rank method: the
// p-th percentile of N sorted values is the ceil(p/100 * N)-th smallest, always one of the values.
// The server asks SQL for exactly that row (ORDER BY ... LIMIT 1 OFFSET index), which runs the same on
// SQLite and PostgreSQL, so the rule lives here once.

/** Zero-based position of the p-th percentile among `count` ascending values; null when there are none. */
export function nearestRankIndex(count: number, percentile: number): number | null {
  if (!Number.isInteger(count) || count <= 0) return null;
  if (!(percentile > 0 && percentile <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${percentile}`);
  // Integer arithmetic first: 90 * 10 / 100 must give 9 exactly, not 9.000000000000002.
  const rank = Math.ceil((percentile * count) / 100);
  return Math.min(count, Math.max(1, rank)) - 1;
}

/** The p-th percentile of unsorted values (what the SQL computes), for tests and small in-memory sets. */
export function nearestRankPercentile(values: readonly number[], percentile: number): number | null {
  const index = nearestRankIndex(values.length, percentile);
  if (index === null) return null;
  return [...values].sort((a, b) => a - b)[index] ?? null;
}
