import { type PyValue, parsePyFloat } from "./PyValue.js";

/** substitution_args' convert_value(value, 'auto'). */
export function convertValue(v: string): PyValue {
  const t = v.trim();
  if (/^[+-]?\d+$/.test(t)) return BigInt(t);
  const f = parsePyFloat(t);
  if (f !== undefined && t.includes(".")) return f;
  if (f !== undefined) return f;
  if (t.toLowerCase() === "true") return true;
  if (t.toLowerCase() === "false") return false;
  return v;
}
