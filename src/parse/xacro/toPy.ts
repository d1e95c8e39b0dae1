import { PyDict, type PyValue } from "./PyValue.js";

/** A parsed YAML value (xacro.load_yaml) as a Python value: maps become dicts, sequences lists. */
export function toPy(v: unknown): PyValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "bigint" || typeof v === "number" || typeof v === "boolean" || typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(toPy);
  if (v instanceof Map) return new PyDict([...v].map(([k, x]) => [k as string, toPy(x)] as const));
  if (typeof v === "object")
    return new PyDict(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, toPy(x)] as const));
  return String(v);
}
