/**
 * The p-th percentile (0–100) with linear interpolation between closest ranks (the
 * numpy/Excel "inclusive" definition), so p50 of an even-sized sample is the mean of the middle two.
 * Throws on an empty sample: a latency summary of nothing is a caller bug.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError("percentile of an empty sample");
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile out of range: ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const position = (p / 100) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? 0;
  const high = sorted[upper] ?? low;
  return low + (high - low) * (position - lower);
}
