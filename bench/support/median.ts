/**
 * The median of `values`: the middle one once sorted, or the mean of the two middle ones for an
 * even count; NaN for none. Benchmarks report medians of repeated runs, which a stray slow run
 * (another process taking the core) does not move.
 */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  if (s.length === 0) return Number.NaN;
  return s.length % 2 === 1 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}
