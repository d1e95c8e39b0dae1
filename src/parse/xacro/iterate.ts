import { PyDict, PyError, type PyValue, typeName } from "./PyValue.js";

/** Iterates a Python iterable into an array. */
export function iterate(v: PyValue): PyValue[] {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") return [...v];
  if (v instanceof PyDict)
    return [...v.map.keys()].map((k) => (typeof k === "string" && k.startsWith("\u0000") ? k : k));
  throw new PyError("TypeError", `'${typeName(v)}' object is not iterable`);
}
