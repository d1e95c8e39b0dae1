import { formatNumber } from "../util/formatNumber.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";
import { InputError } from "./errors.js";

/**
 * Refuses a command-line number whose magnitude exceeds INPUT_LIMITS.maxMagnitude (1e9 in SI
 * units): an InputError (exit 1) naming the option, so an absurd value is the user's to fix
 * and never overflows robokit's arithmetic into a non-finite answer.
 *
 * @param option - the option as typed, e.g. `--vx`.
 * @param value - its value (±Infinity for text like `1e999`).
 * @param unit - the option's unit, for the message (e.g. `m/s`).
 */
export function requireMagnitude(option: string, value: number, unit: string): void {
  if (Math.abs(value) <= INPUT_LIMITS.maxMagnitude) return;
  const shown = Number.isFinite(value) ? formatNumber(value) : String(value);
  const message = `${option} ${shown} ${unit} is outside ±${formatNumber(INPUT_LIMITS.maxMagnitude)} ${unit}; robokit takes no larger magnitude`;
  throw new InputError(`invalid ${option}`, [{ code: "VALUE_OUT_OF_RANGE", severity: "error", message }]);
}
