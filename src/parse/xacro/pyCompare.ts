import { PyDict, PyError, type PyValue, typeName } from "./PyValue.js";
import { XACRO_LIMITS, XacroBudgetError } from "./XacroBudget.js";
import { dictKey } from "./dictKey.js";
import { isNum, toNumeric } from "./pyArithmetic.js";

/** Python equality. */
export function pyEquals(a: PyValue, b: PyValue, depth = 0): boolean {
  if (depth > XACRO_LIMITS.maxDepth)
    throw new XacroBudgetError(
      "XACRO_TOO_DEEP",
      `'==' of values nested more than ${XACRO_LIMITS.maxDepth} levels deep`,
    );
  if (isNum(a) && isNum(b)) {
    const x = toNumeric(a, "==");
    const y = toNumeric(b, "==");
    return typeof x === "bigint" && typeof y === "bigint" ? x === y : Number(x) === Number(y);
  }
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => pyEquals(v, b[i] ?? null, depth + 1));
  if (a instanceof PyDict && b instanceof PyDict) {
    if (a.map.size !== b.map.size) return false;
    for (const [k, v] of a.map) if (!b.map.has(k) || !pyEquals(v, b.map.get(k) ?? null, depth + 1)) return false;
    return true;
  }
  return a === b;
}

function order(a: PyValue, b: PyValue, depth = 0): number {
  if (depth > XACRO_LIMITS.maxDepth)
    throw new XacroBudgetError("XACRO_TOO_DEEP", `'<' of values nested more than ${XACRO_LIMITS.maxDepth} levels deep`);
  if (isNum(a) && isNum(b)) {
    const x = toNumeric(a, "<");
    const y = toNumeric(b, "<");
    if (typeof x === "bigint" && typeof y === "bigint") return x < y ? -1 : x > y ? 1 : 0;
    return Number(x) < Number(y) ? -1 : Number(x) > Number(y) ? 1 : 0;
  }
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (!pyEquals(a[i] ?? null, b[i] ?? null, depth + 1)) return order(a[i] ?? null, b[i] ?? null, depth + 1);
    }
    return a.length - b.length;
  }
  throw new PyError("TypeError", `'<' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

function contains(container: PyValue, item: PyValue): boolean {
  if (typeof container === "string") {
    if (typeof item !== "string") throw new PyError("TypeError", "'in <string>' requires string as left operand");
    return container.includes(item);
  }
  if (Array.isArray(container)) return container.some((x) => pyEquals(x, item));
  if (container instanceof PyDict) return container.map.has(dictKey(item));
  throw new PyError("TypeError", `argument of type '${typeName(container)}' is not iterable`);
}

/** A comparison operator (`==`, `<`, `in`, `is`, …) with Python's semantics. */
export function compare(op: string, a: PyValue, b: PyValue): boolean {
  switch (op) {
    case "==":
      return pyEquals(a, b);
    case "!=":
      return !pyEquals(a, b);
    case "<":
      return order(a, b) < 0;
    case ">":
      return order(a, b) > 0;
    case "<=":
      return order(a, b) <= 0;
    case ">=":
      return order(a, b) >= 0;
    case "in":
      return contains(b, a);
    case "not in":
      return !contains(b, a);
    case "is":
      return a === b || (a === null && b === null);
    case "is not":
      return !(a === b);
    default:
      throw new PyError("SyntaxError", `unknown comparison ${op}`);
  }
}
