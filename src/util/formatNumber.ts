/**
 * The one number formatter for every generated file (URDF, SDF, MJCF, YAML, CSV).
 *
 * The value to 15 significant digits (a double's decimal precision, DBL_DIG), written in the
 * shortest form: a number authored with up to 15 digits prints exactly as written, printed
 * text read back and printed again is the same text, any value reads back within a relative
 * 5e-16, and float noise below that (0.1 + 0.2, a pose composed through a rotation matrix)
 * does not reach the file. A value prints as `0` only when it is zero, and never as `-0`;
 * exponent notation only outside [1e-6, 1e21), as `1e-7` (every XML and YAML reader of this
 * field parses it).
 *
 * @param value - any finite number; non-finite input is API misuse (the model checker
 *   rejects it first) and throws a RangeError.
 * @returns the canonical decimal text.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) {
    throw new RangeError(`formatNumber: non-finite value ${String(value)}`);
  }
  // -0 and 0 alike.
  if (value === 0) return "0";
  // The shortest round-trip text: when it has 15 characters or fewer it has at most 15 digits,
  // so rounding to 15 digits gives the same number back and the same text (most values).
  const shortest = String(value);
  if (shortest.length <= 15) return shortest;
  const rounded = Number(value.toPrecision(15));
  // Rounding the largest doubles up can overflow: those keep their own shortest form.
  return String(Number.isFinite(rounded) ? rounded : value);
}

/** Formats a vector as space-separated canonical numbers (URDF/SDF attribute style). */
export function formatVector(values: readonly number[]): string {
  return values.map(formatNumber).join(" ");
}
