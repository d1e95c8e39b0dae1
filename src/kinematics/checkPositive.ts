/**
 * Throws RangeError unless `value` is finite and > 0.
 * @param value - the number to check.
 * @param what - what it is, with its unit, for the message (e.g. "wheelbase (m)").
 */
export function checkPositive(value: number, what: string): void {
  if (!(value > 0) || !Number.isFinite(value))
    throw new RangeError(`${what} must be finite and > 0, got ${String(value)}`);
}
