/**
 * The one number formatter for every generated file (URDF, SDF, MJCF, YAML, CSV).
 *
 * At most 9 significant digits, trailing zeros trimmed, never `-0`, never exponent
 * notation for values a robot description meets (|x| in [1e-9, 1e15)). Values smaller
 * than 1e-12 in magnitude print as `0`, so `Math.cos(Math.PI / 2)` prints `0`, not
 * `6.12323400e-17`.
 *
 * @param value - any finite number; non-finite input is API misuse (the model checker
 *   rejects it first) and throws a RangeError.
 * @returns the canonical decimal text.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) {
    throw new RangeError(`formatNumber: non-finite value ${String(value)}`);
  }
  if (Math.abs(value) < 1e-12) return "0";
  const rounded = Number(value.toPrecision(9));
  if (Object.is(rounded, -0) || rounded === 0) return "0";
  const abs = Math.abs(rounded);
  if (abs >= 1e-6 && abs < 1e21) {
    // Fixed notation with enough decimals to keep 9 significant digits.
    const exponent = Math.floor(Math.log10(abs));
    const decimals = Math.min(100, Math.max(0, 8 - exponent));
    return trimZeros(rounded.toFixed(decimals));
  }
  // Very small numbers: exponent form is shorter and still exact to 9 digits.
  const [mantissa = "0", exp = "0"] = rounded.toExponential(8).split("e");
  return `${trimZeros(mantissa)}e${Number(exp)}`;
}

function trimZeros(text: string): string {
  if (!text.includes(".")) return text;
  return text.replace(/0+$/, "").replace(/\.$/, "");
}

/** Formats a vector as space-separated canonical numbers (URDF/SDF attribute style). */
export function formatVector(values: readonly number[]): string {
  return values.map(formatNumber).join(" ");
}
