import { type PyValue, parsePyFloat, parsePyInt } from "./PyValue.js";

/** xacro's `Table._eval_literal`: a property's text becomes an int, float or bool when it reads as one. */
export function evalLiteral(value: PyValue): PyValue {
  if (typeof value !== "string") return value;
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1);
  if (value.includes("_")) return value;
  const i = parsePyInt(value);
  if (i !== undefined) return i;
  const f = parsePyFloat(value);
  if (f !== undefined) return f;
  if (value === "true" || value === "True") return true;
  if (value === "false" || value === "False") return false;
  return value;
}
