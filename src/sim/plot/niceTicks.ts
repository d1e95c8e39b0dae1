/** Tick positions for an axis: round numbers (1, 2 or 5 × 10ⁿ apart) covering the range. */
export interface Ticks {
  /** Axis limits, widened to whole steps. */
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly values: readonly number[];
}

/**
 * Round tick values covering [min, max] with at most about `target` intervals. A degenerate
 * range (min = max, or non-finite) is widened to ±1 around the value (or [0, 1]).
 */
export function niceTicks(min: number, max: number, target = 5): Ticks {
  let lo = Number.isFinite(min) ? min : 0;
  let hi = Number.isFinite(max) ? max : 1;
  if (hi < lo) [lo, hi] = [hi, lo];
  if (hi - lo < 1e-12 * Math.max(1, Math.abs(lo))) {
    lo -= 1;
    hi += 1;
  }
  const raw = (hi - lo) / Math.max(1, target);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  // The tolerance keeps 0.3/0.1 from becoming 2.9999…; the correction keeps the range covered.
  let first = Math.floor(lo / step + 1e-9);
  if (first * step > lo) first -= 1;
  let last = Math.ceil(hi / step - 1e-9);
  if (last * step < hi) last += 1;
  const values: number[] = [];
  // Multiply from integers so 0.1 + 0.2 style drift never reaches the labels.
  for (let i = first; i <= last; i++) values.push(Number((i * step).toPrecision(12)));
  return { min: first * step, max: last * step, step, values };
}
