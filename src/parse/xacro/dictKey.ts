import { PyError, type PyValue, normKey, pyStr, typeName } from "./PyValue.js";

/** The key a Python value makes in a dict (normKey); a list by its items; TypeError for what Python cannot hash. */
export function dictKey(v: PyValue): string | bigint | number | boolean | null {
  if (typeof v === "string" || typeof v === "bigint" || typeof v === "number" || typeof v === "boolean" || v === null)
    return normKey(v);
  if (Array.isArray(v)) return `\u0000${v.map((x) => pyStr(x)).join("\u0000")}`;
  throw new PyError("TypeError", `unhashable type: '${typeName(v)}'`);
}
