import { PyDict, PyError, type PyValue, isTuple, pyStr, tuple, typeName } from "./PyValue.js";
import { dictKey } from "./dictKey.js";
import { toInt } from "./pyArithmetic.js";

/** A Python index (negative counts from the end) as an array index; IndexError when it is out of range. */
export function normIndex(i: bigint, len: number): number {
  const n = Number(i);
  const j = n < 0 ? n + len : n;
  if (j < 0 || j >= len) throw new PyError("IndexError", "index out of range");
  return j;
}

/** `a[i]`. */
export function subscript(a: PyValue, i: PyValue): PyValue {
  if (Array.isArray(a)) return a[normIndex(toInt(i), a.length)] ?? null;
  if (typeof a === "string") return a[normIndex(toInt(i), a.length)] ?? "";
  if (a instanceof PyDict) {
    const k = dictKey(i);
    if (!a.map.has(k)) throw new PyError("KeyError", pyStr(i));
    return a.map.get(k) ?? null;
  }
  throw new PyError("TypeError", `'${typeName(a)}' object is not subscriptable`);
}

/** `a[lo:hi:step]` of a list or str, as Python slices. */
export function sliceOf(a: PyValue, lo: number | undefined, hi: number | undefined, step: number | undefined): PyValue {
  if (!Array.isArray(a) && typeof a !== "string")
    throw new PyError("TypeError", `'${typeName(a)}' object is not subscriptable`);
  const items: PyValue[] = typeof a === "string" ? [...a] : a;
  const len = items.length;
  const s = step ?? 1;
  if (s === 0) throw new PyError("ValueError", "slice step cannot be zero");
  const clamp = (x: number | undefined, dflt: number): number => {
    if (x === undefined) return dflt;
    const y = x < 0 ? x + len : x;
    return s > 0 ? Math.min(Math.max(y, 0), len) : Math.min(Math.max(y, -1), len - 1);
  };
  const start = clamp(lo, s > 0 ? 0 : len - 1);
  const stop = clamp(hi, s > 0 ? len : -1);
  const out: PyValue[] = [];
  for (let k = start; s > 0 ? k < stop : k > stop; k += s) out.push(items[k] ?? null);
  if (typeof a === "string") return out.join("");
  return isTuple(a) ? tuple(out) : out;
}
