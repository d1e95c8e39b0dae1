import { PyError, type PyValue, isTuple, tuple, typeName } from "./PyValue.js";
import { bitLength, checkIntBits, checkSequenceLength, checkStringLength } from "./XacroBudget.js";
import { pyPercentFormat } from "./pyPercentFormat.js";

/** bool → int, then int/float. */
export function toNumeric(v: PyValue, what: string): bigint | number {
  if (typeof v === "bigint" || typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1n : 0n;
  throw new PyError("TypeError", `unsupported operand type for ${what}: '${typeName(v)}'`);
}

/** An integer operand (index, repeat count). */
export function toInt(v: PyValue): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "boolean") return v ? 1n : 0n;
  throw new PyError("TypeError", `'${typeName(v)}' object cannot be interpreted as an integer`);
}

/** Whether a value takes part in arithmetic as a number (int, float or bool). */
export function isNum(v: PyValue): v is bigint | number | boolean {
  return typeof v === "bigint" || typeof v === "number" || typeof v === "boolean";
}

function floorDivBig(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new PyError("ZeroDivisionError", "integer division or modulo by zero");
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** A binary operator with Python's semantics (int/float rules, str and list repetition and concatenation), bounded. */
export function binary(op: string, a: PyValue, b: PyValue): PyValue {
  if (op === "+") {
    if (typeof a === "string" && typeof b === "string") {
      checkStringLength(a.length + b.length, "'+'");
      return a + b;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      checkSequenceLength(a.length + b.length, "'+'");
      return isTuple(a) ? tuple([...a, ...b]) : [...a, ...b];
    }
  }
  if (op === "*") {
    const isCount = (v: PyValue): v is bigint | boolean => typeof v === "bigint" || typeof v === "boolean";
    if (typeof a === "string" && isCount(b)) return repeatString(a, toInt(b));
    if (typeof b === "string" && isCount(a)) return repeatString(b, toInt(a));
    if (Array.isArray(a) && isCount(b)) return repeatList(a, toInt(b));
    if (Array.isArray(b) && isCount(a)) return repeatList(b, toInt(a));
  }
  if (op === "%" && typeof a === "string") return pyPercentFormat(a, b);
  if (!isNum(a) || !isNum(b))
    throw new PyError("TypeError", `unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
  const x = toNumeric(a, op);
  const y = toNumeric(b, op);
  if (typeof x === "bigint" && typeof y === "bigint") {
    switch (op) {
      case "+":
        return checkedInt(x + y, "'+'");
      case "-":
        return checkedInt(x - y, "'-'");
      case "*":
        checkIntBits(bitLength(x) + bitLength(y) - 1, "'*'");
        return x * y;
      case "/":
        if (y === 0n) throw new PyError("ZeroDivisionError", "division by zero");
        return Number(x) / Number(y);
      case "//":
        return floorDivBig(x, y);
      case "%":
        return x - floorDivBig(x, y) * y;
      case "**":
        if (y < 0n) return Number(x) ** Number(y);
        if (x === 0n || x === 1n || x === -1n) return x ** (y % 2n === 0n && y > 0n ? 2n : y > 0n ? 1n : 0n);
        // At least (bits(x) - 1) * y + 1 bits: refuse before computing 10**10**8.
        checkIntBits((bitLength(x) - 1) * Number(y) + 1, "'**'");
        return checkedInt(x ** y, "'**'");
      case "&":
        return x & y;
      case "|":
        return x | y;
      case "^":
        return x ^ y;
      default:
        throw new PyError("SyntaxError", `unknown operator ${op}`);
    }
  }
  const fx = Number(x);
  const fy = Number(y);
  switch (op) {
    case "+":
      return fx + fy;
    case "-":
      return fx - fy;
    case "*":
      return fx * fy;
    case "/":
      if (fy === 0) throw new PyError("ZeroDivisionError", "float division by zero");
      return fx / fy;
    case "//":
      if (fy === 0) throw new PyError("ZeroDivisionError", "float floor division by zero");
      return Math.floor(fx / fy);
    case "%": {
      if (fy === 0) throw new PyError("ZeroDivisionError", "float modulo");
      const r = fx % fy;
      return r !== 0 && r < 0 !== fy < 0 ? r + fy : r;
    }
    case "**":
      if (fx < 0 && !Number.isInteger(fy)) throw new PyError("ValueError", "complex result of a fractional power");
      return fx ** fy;
    default:
      throw new PyError("TypeError", `unsupported operand type(s) for ${op}: 'float'`);
  }
}

function checkedInt(x: bigint, what: string): bigint {
  if (x > -9007199254740992n && x < 9007199254740992n) return x;
  checkIntBits(bitLength(x), what);
  return x;
}

function repeatString(s: string, n: bigint): string {
  if (n <= 0n || s === "") return "";
  checkStringLength(s.length * Number(n), "'*'");
  return s.repeat(Number(n));
}

function repeatList(a: PyValue[], n: bigint): PyValue[] {
  const out: PyValue[] = [];
  if (n > 0n && a.length > 0) {
    checkSequenceLength(a.length * Number(n), "'*'");
    for (let i = 0; i < Number(n); i++) for (const x of a) out.push(x);
  }
  return isTuple(a) ? tuple(out) : out;
}
