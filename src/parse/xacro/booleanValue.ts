import { type PyValue, parsePyInt, truthy } from "./PyValue.js";
import { XacroError } from "./XacroError.js";

/** xacro's `get_boolean_value`: the value of an `if`/`unless` condition. */
export function booleanValue(value: PyValue, condition: string): boolean {
  if (typeof value === "string") {
    if (value === "true" || value === "True") return true;
    if (value === "false" || value === "False") return false;
    const i = parsePyInt(value);
    if (i !== undefined) return i !== 0n;
    throw new XacroError(
      `Xacro conditional "${condition}" evaluated to "${value}", which is not a boolean expression.`,
      undefined,
    );
  }
  return truthy(value);
}
