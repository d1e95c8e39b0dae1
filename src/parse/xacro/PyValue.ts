import { checkIntBits, checkStringLength, XACRO_LIMITS, XacroBudgetError } from "./XacroBudget.js";

/**
 * Values of the Python subset that xacro expressions use. Python ints are JS bigints (so
 * `2*3` stays `6`, not `6.0`), floats are JS numbers, `None` is null, lists and tuples are
 * arrays (a tuple carries {@link TUPLE}), dicts are {@link PyDict}, callables are
 * {@link PyFunction}. Blocks (macro `*params`) are opaque host objects.
 */
export type PyValue = bigint | number | boolean | string | null | PyValue[] | PyDict | PyFunction | PyOpaque;

/** A Python dict (insertion-ordered). Keys are strings, bigints, numbers or booleans. */
export class PyDict {
  readonly map = new Map<string | bigint | number | boolean | null, PyValue>();
  /** Dotted access (`a.b`) is allowed: xacro's namespaces and `xacro.dotify`/load_yaml dicts. */
  constructor(entries: Iterable<readonly [string | bigint | number | boolean | null, PyValue]> = []) {
    for (const [k, v] of entries) this.map.set(normKey(k), v);
  }
}

/**
 * The kind of a {@link PyOpaque} that is a property namespace (`xacro:include ns="name"`): its
 * value has `lookup(name)`, and `name.prop` reads a property through it.
 */
export const NAMESPACE = "xacro-namespace";

/** A host object that expressions can hold but not inspect (a macro block), or a property namespace. */
export class PyOpaque {
  constructor(
    readonly kind: string,
    readonly value: unknown,
  ) {}
}

/** A callable: positional arguments and keyword arguments. */
export interface PyFunction {
  readonly pyName: string;
  (args: PyValue[], kwargs: Map<string, PyValue>): PyValue;
}

/** Marks an array as a Python tuple (affects `str()` only). */
export const TUPLE = Symbol("tuple");

/** An error that Python would raise (NameError, TypeError, ...). */
export class PyError extends Error {
  constructor(
    readonly pyType: string,
    message: string,
  ) {
    super(`${pyType}: ${message}`);
  }
}

/** Normalises a dict key: integral floats and ints compare equal in Python. */
export function normKey(k: string | bigint | number | boolean | null): string | bigint | number | boolean | null {
  if (typeof k === "number" && Number.isInteger(k)) return BigInt(k);
  if (typeof k === "boolean") return k ? 1n : 0n;
  return k;
}

/** Builds a tuple. */
export function tuple(items: PyValue[]): PyValue[] {
  (items as PyValue[] & { [TUPLE]?: boolean })[TUPLE] = true;
  return items;
}

/** True when `v` is a tuple. */
export function isTuple(v: PyValue): boolean {
  return Array.isArray(v) && (v as PyValue[] & { [TUPLE]?: boolean })[TUPLE] === true;
}

/** Makes a named callable. */
export function pyFunction(name: string, f: (args: PyValue[], kwargs: Map<string, PyValue>) => PyValue): PyFunction {
  const fn = ((args: PyValue[], kwargs: Map<string, PyValue>) => f(args, kwargs)) as PyFunction;
  Object.defineProperty(fn, "pyName", { value: name });
  return fn;
}

/** Python's type name of a value, for error messages. */
export function typeName(v: PyValue): string {
  if (v === null) return "NoneType";
  if (typeof v === "bigint") return "int";
  if (typeof v === "number") return "float";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "string") return "str";
  if (Array.isArray(v)) return isTuple(v) ? "tuple" : "list";
  if (v instanceof PyDict) return "dict";
  if (v instanceof PyOpaque) return v.kind;
  return "function";
}

/** `repr(float)` exactly as CPython writes it (shortest round-trip digits). */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const exp = x.toExponential(); // shortest digits, e.g. "-1.2345e-7"
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(exp);
  if (m === null) return String(x);
  const sign = m[1] ?? "";
  const digits = (m[2] ?? "") + (m[3] ?? "");
  const e = Number(m[4]);
  if (e < -4 || e >= 16) {
    const mant = digits.length > 1 ? `${digits[0] ?? ""}.${digits.slice(1)}` : digits;
    const es = Math.abs(e) < 10 ? `0${Math.abs(e)}` : String(Math.abs(e));
    return `${sign}${mant}e${e < 0 ? "-" : "+"}${es}`;
  }
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
  const intPart = digits.slice(0, e + 1).padEnd(e + 1, "0");
  const frac = digits.slice(e + 1);
  return `${sign}${intPart}.${frac === "" ? "0" : frac}`;
}

/** `str(v)` as Python writes it. */
export function pyStr(v: PyValue): string {
  if (typeof v === "string") return v;
  return pyRepr(v);
}

/** `repr(v)` as Python writes it; refuses a text longer than {@link XACRO_LIMITS}.maxStringLength or nested deeper than maxDepth. */
export function pyRepr(v: PyValue): string {
  const out: string[] = [];
  let length = 0;
  const put = (s: string): void => {
    length += s.length;
    checkStringLength(length, "str()/repr()");
    out.push(s);
  };
  const write = (x: PyValue, depth: number): void => {
    if (depth > XACRO_LIMITS.maxDepth)
      throw new XacroBudgetError(
        "XACRO_TOO_DEEP",
        `repr() of a value nested more than ${XACRO_LIMITS.maxDepth} levels deep`,
      );
    if (Array.isArray(x)) {
      const t = isTuple(x);
      put(t ? "(" : "[");
      x.forEach((item, i) => {
        if (i > 0) put(", ");
        write(item, depth + 1);
      });
      put(t ? (x.length === 1 ? ",)" : ")") : "]");
    } else if (x instanceof PyDict) {
      put("{");
      let first = true;
      for (const [k, item] of x.map) {
        if (!first) put(", ");
        first = false;
        write(k, depth + 1);
        put(": ");
        write(item, depth + 1);
      }
      put("}");
    } else put(scalarRepr(x));
  };
  write(v, 0);
  return out.join("");
}

function scalarRepr(v: Exclude<PyValue, PyValue[] | PyDict>): string {
  if (v === null) return "None";
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return floatRepr(v);
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "string") return reprString(v);
  if (v instanceof PyOpaque) return `<${v.kind}>`;
  return `<built-in function ${v.pyName}>`;
}

/** Python's repr of a str: the quote it picks, backslash escapes for quotes, backslashes and control characters. */
function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0)) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return out + quote;
}

/** Python truthiness. */
export function truthy(v: PyValue): boolean {
  if (v === null) return false;
  if (typeof v === "bigint") return v !== 0n;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "boolean") return v;
  if (typeof v === "string") return v.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyDict) return v.map.size > 0;
  return true;
}

/** Python `int(str)`: optional sign, digits (underscores between digits allowed by Python, but xacro filters them out first). */
export function parsePyInt(s: string, what = "int()"): bigint | undefined {
  const t = s.trim();
  if (!/^[+-]?\d+$/.test(t)) return undefined;
  // Decimal digits carry log2(10) bits each: refuse before BigInt parses (quadratic) a huge one.
  checkIntBits((t.replace(/^[+-]?0*/, "").length - 1) * Math.log2(10), what);
  return BigInt(t);
}

/** Python `float(str)`. */
export function parsePyFloat(s: string): number | undefined {
  const t = s.trim().toLowerCase();
  if (/^[+-]?(inf|infinity)$/.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  if (/^[+-]?nan$/.test(t)) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}
