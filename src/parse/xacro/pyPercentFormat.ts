import { checkStringLength } from "./XacroBudget.js";
import { isTuple, PyDict, PyError, pyRepr, pyStr, normKey, typeName, type PyValue } from "./PyValue.js";

/** One conversion specifier: `%[(key)][flags][width][.precision][length]type`. */
interface Spec {
  key: string | undefined;
  left: boolean;
  zero: boolean;
  plus: boolean;
  space: boolean;
  alt: boolean;
  width: number;
  precision: number | undefined;
  type: string;
  /** Code-point index of the type character in the format (Python's error messages). */
  index: number;
}

const FLAGS = "-+ #0";

/**
 * Python's `format % values` (printf-style string formatting) as CPython 3 does it: the
 * conversions d i u o x X e E f F g G c s r a and `%%`, the flags `- + space # 0`, width and
 * precision (also `*`), a tuple of values or a single value, and `%(key)s` with a dict. Floats are
 * formatted from their exact binary value with round-half-even, as CPython does. Throws PyError
 * with CPython's exception type and message; refuses (XacroBudgetError) a result longer than
 * XACRO_LIMITS.maxStringLength before making it.
 */
export function pyPercentFormat(fmt: string, values: PyValue): string {
  const chars = [...fmt];
  const tupleArgs = Array.isArray(values) && isTuple(values) ? values : undefined;
  // CPython: any mapping that is not a tuple or str may be left unused (lists count as mappings).
  const mapping = tupleArgs === undefined && (values instanceof PyDict || Array.isArray(values));
  let argIndex = 0;
  let singleUsed = false;
  let keyed = false;
  const nextArg = (): PyValue => {
    if (tupleArgs !== undefined) {
      if (argIndex < tupleArgs.length) return tupleArgs[argIndex++] ?? null;
    } else if (!singleUsed && !keyed) {
      singleUsed = true;
      return values;
    }
    throw new PyError("TypeError", "not enough arguments for format string");
  };
  let out = "";
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] ?? "";
    if (c !== "%") {
      out += c;
      i++;
      continue;
    }
    i++;
    if (i >= chars.length) throw new PyError("ValueError", "incomplete format");
    if (chars[i] === "%") {
      out += "%";
      i++;
      continue;
    }
    const spec: Spec = {
      key: undefined,
      left: false,
      zero: false,
      plus: false,
      space: false,
      alt: false,
      width: -1,
      precision: undefined,
      type: "",
      index: 0,
    };
    if (chars[i] === "(") {
      let depth = 1;
      const start = ++i;
      while (i < chars.length && depth > 0) {
        if (chars[i] === "(") depth++;
        else if (chars[i] === ")") depth--;
        i++;
      }
      if (depth > 0) throw new PyError("ValueError", "incomplete format key");
      spec.key = chars.slice(start, i - 1).join("");
    }
    for (; i < chars.length && FLAGS.includes(chars[i] ?? ""); i++) {
      const f = chars[i];
      if (f === "-") spec.left = true;
      else if (f === "+") spec.plus = true;
      else if (f === " ") spec.space = true;
      else if (f === "#") spec.alt = true;
      else spec.zero = true;
    }
    const number = (): number | undefined => {
      if (chars[i] === "*") {
        i++;
        const v = nextArg();
        if (typeof v !== "bigint" && typeof v !== "boolean") throw new PyError("TypeError", "* wants int");
        return Number(v);
      }
      let digits = "";
      while (i < chars.length && /[0-9]/.test(chars[i] ?? "")) digits += chars[i++];
      return digits === "" ? undefined : Number(digits);
    };
    const width = number();
    if (width !== undefined) {
      if (width < 0) {
        spec.left = true;
        spec.width = -width;
      } else spec.width = width;
    }
    if (chars[i] === ".") {
      i++;
      const p = number();
      spec.precision = p === undefined || p < 0 ? 0 : p;
    }
    while (i < chars.length && "hlL".includes(chars[i] ?? "")) i++;
    if (i >= chars.length) throw new PyError("ValueError", "incomplete format");
    spec.type = chars[i] ?? "";
    spec.index = i;
    i++;
    checkStringLength(Math.max(spec.width, 0) + out.length, "'%' formatting");
    checkStringLength(Math.max(spec.precision ?? 0, 0) + out.length, "'%' formatting");
    let value: PyValue;
    if (spec.key !== undefined) {
      if (!(values instanceof PyDict)) throw new PyError("TypeError", "format requires a mapping");
      const k = normKey(spec.key);
      if (!values.map.has(k)) throw new PyError("KeyError", pyRepr(spec.key));
      value = values.map.get(k) ?? null;
      keyed = true;
    } else value = nextArg();
    const piece = convert(spec, value);
    checkStringLength(out.length + piece.length, "'%' formatting");
    out += piece;
  }
  const unused = tupleArgs !== undefined ? argIndex < tupleArgs.length : !singleUsed && !keyed;
  if (unused && !mapping) throw new PyError("TypeError", "not all arguments converted during string formatting");
  return out;
}

function convert(spec: Spec, v: PyValue): string {
  switch (spec.type) {
    case "s":
    case "r":
    case "a": {
      let s = spec.type === "s" ? pyStr(v) : spec.type === "r" ? pyRepr(v) : asciiEscape(pyRepr(v));
      if (spec.precision !== undefined) s = [...s].slice(0, spec.precision).join("");
      return pad(spec, "", s, false);
    }
    case "c": {
      let s: string;
      if (typeof v === "bigint" || typeof v === "boolean") {
        const n = typeof v === "boolean" ? (v ? 1 : 0) : v;
        if (n < 0n || n >= 0x110000n) throw new PyError("OverflowError", "%c arg not in range(0x110000)");
        s = String.fromCodePoint(Number(n));
      } else if (typeof v === "string" && [...v].length === 1) s = v;
      else throw new PyError("TypeError", "%c requires int or char");
      return pad(spec, "", s, false);
    }
    case "d":
    case "i":
    case "u":
    case "o":
    case "x":
    case "X": {
      let n: bigint;
      if (typeof v === "bigint") n = v;
      else if (typeof v === "boolean") n = v ? 1n : 0n;
      else if (typeof v === "number" && "diu".includes(spec.type)) {
        if (Number.isNaN(v)) throw new PyError("ValueError", "cannot convert float NaN to integer");
        if (!Number.isFinite(v)) throw new PyError("OverflowError", "cannot convert float infinity to integer");
        n = BigInt(Math.trunc(v));
      } else if ("diu".includes(spec.type))
        throw new PyError("TypeError", `%${spec.type} format: a real number is required, not ${typeName(v)}`);
      else throw new PyError("TypeError", `%${spec.type} format: an integer is required, not ${typeName(v)}`);
      const base = spec.type === "o" ? 8 : spec.type === "x" || spec.type === "X" ? 16 : 10;
      let digits = (n < 0n ? -n : n).toString(base);
      if (spec.type === "X") digits = digits.toUpperCase();
      if (spec.precision !== undefined && digits.length < spec.precision) digits = digits.padStart(spec.precision, "0");
      const prefix = spec.alt && base !== 10 ? `0${spec.type === "o" ? "o" : spec.type}` : "";
      return pad(spec, sign(spec, n < 0n) + prefix, digits, true);
    }
    case "e":
    case "E":
    case "f":
    case "F":
    case "g":
    case "G": {
      let x: number;
      if (typeof v === "number") x = v;
      else if (typeof v === "boolean") x = v ? 1 : 0;
      else if (typeof v === "bigint") {
        x = Number(v);
        if (!Number.isFinite(x)) throw new PyError("OverflowError", "int too large to convert to float");
      } else throw new PyError("TypeError", `must be real number, not ${typeName(v)}`);
      const upper = spec.type === "E" || spec.type === "F" || spec.type === "G";
      const negative = x < 0 || Object.is(x, -0);
      let body: string;
      if (Number.isNaN(x)) body = "nan";
      else if (!Number.isFinite(x)) body = "inf";
      else {
        const a = Math.abs(x);
        const p = spec.precision ?? 6;
        const kind = spec.type.toLowerCase();
        body =
          kind === "f"
            ? formatFixed(a, p, spec.alt)
            : kind === "e"
              ? formatExponent(a, p, spec.alt)
              : formatGeneral(a, p, spec.alt);
      }
      if (upper) body = body.toUpperCase();
      return pad(spec, sign(spec, negative && !Number.isNaN(x)), body, true);
    }
    default: {
      const ch = spec.type;
      const code = ch.codePointAt(0) ?? 0;
      throw new PyError(
        "ValueError",
        `unsupported format character '${ch}' (0x${code.toString(16)}) at index ${spec.index}`,
      );
    }
  }
}

function sign(spec: Spec, negative: boolean): string {
  return negative ? "-" : spec.plus ? "+" : spec.space ? " " : "";
}

/** Pads to the width: left-justified, zero-filled after sign and prefix (numbers only), or right-justified. */
function pad(spec: Spec, head: string, body: string, numeric: boolean): string {
  const len = [...head].length + [...body].length;
  if (spec.width <= len) return head + body;
  const fill = spec.width - len;
  if (spec.left) return head + body + " ".repeat(fill);
  if (spec.zero && numeric) return head + "0".repeat(fill) + body;
  return " ".repeat(fill) + head + body;
}

/** repr text with every non-ASCII character as `\xhh`, `\uhhhh` or `\Uhhhhhhhh` (Python's ascii()). */
function asciiEscape(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) out += ch;
    else if (c <= 0xff) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else if (c <= 0xffff) out += `\\u${c.toString(16).padStart(4, "0")}`;
    else out += `\\U${c.toString(16).padStart(8, "0")}`;
  }
  return out;
}

// Exact decimal formatting of doubles. A double's exact decimal has at most 767 significant
// digits and 1074 fraction digits: past that every digit is 0, so larger precisions pad zeros.
const MAX_FRACTION_DIGITS = 1100;
const MAX_SIGNIFICANT_DIGITS = 800;

/** x = mant * 2^exp, for finite x ≥ 0. */
function decompose(x: number): { mant: bigint; exp: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased === 0) return { mant: frac, exp: -1074 };
  return { mant: frac | (1n << 52n), exp: biased - 1075 };
}

/** mant * 2^exp * 10^k as an exact fraction num / den. */
function scaledFraction(mant: bigint, exp: number, k: number): { num: bigint; den: bigint } {
  let num = mant;
  let den = 1n;
  if (exp >= 0) num <<= BigInt(exp);
  else den <<= BigInt(-exp);
  if (k >= 0) num *= 10n ** BigInt(k);
  else den *= 10n ** BigInt(-k);
  return { num, den };
}

/** round-half-even(mant * 2^exp * 10^k), exactly. */
function roundScaled(mant: bigint, exp: number, k: number): bigint {
  const { num, den } = scaledFraction(mant, exp, k);
  const q = num / den;
  const r2 = (num % den) * 2n;
  return r2 > den || (r2 === den && q % 2n === 1n) ? q + 1n : q;
}

/** `%.pf` of x ≥ 0. */
function formatFixed(x: number, p: number, alt: boolean): string {
  checkStringLength(p + 400, "'%f' formatting");
  const q = Math.min(p, MAX_FRACTION_DIGITS);
  const { mant, exp } = decompose(x);
  let digits = roundScaled(mant, exp, q).toString();
  if (q === 0) return alt ? `${digits}.` : digits;
  digits = digits.padStart(q + 1, "0");
  return `${digits.slice(0, -q)}.${digits.slice(-q)}${"0".repeat(p - q)}`;
}

/** Digits (p + 1 of them) and decimal exponent of x > 0 rounded to p + 1 significant digits. */
function significant(x: number, p: number): { digits: string; exponent: number } {
  const q = Math.min(p, MAX_SIGNIFICANT_DIGITS);
  const { mant, exp } = decompose(x);
  const low = 10n ** BigInt(q);
  const high = low * 10n;
  // The exact decimal exponent (10^e ≤ x < 10^(e+1)), judged on the digits before rounding:
  // log10 can land on the wrong side of a power of ten (1e-7 is 9.99…95e-8 as a double).
  let e = Math.floor(Math.log10(x));
  for (;;) {
    const t = truncScaled(mant, exp, q - e);
    if (t >= high) e++;
    else if (t < low) e--;
    else break;
  }
  const n = roundScaled(mant, exp, q - e);
  // Rounding up to the next power of ten (9.99…96 to 17 digits) gives 1.00…0 there.
  return n >= high
    ? { digits: (n / 10n).toString() + "0".repeat(p - q), exponent: e + 1 }
    : { digits: n.toString() + "0".repeat(p - q), exponent: e };
}

/** floor(mant * 2^exp * 10^k), exactly (x > 0). */
function truncScaled(mant: bigint, exp: number, k: number): bigint {
  const { num, den } = scaledFraction(mant, exp, k);
  return num / den;
}

function exponentText(e: number): string {
  const a = Math.abs(e);
  return `e${e < 0 ? "-" : "+"}${a < 10 ? `0${a}` : a}`;
}

/** `%.pe` of x ≥ 0. */
function formatExponent(x: number, p: number, alt: boolean): string {
  checkStringLength(p + 10, "'%e' formatting");
  const { digits, exponent } = x === 0 ? { digits: "0".repeat(p + 1), exponent: 0 } : significant(x, p);
  const dot = p > 0 || alt ? "." : "";
  return `${digits[0] ?? "0"}${dot}${digits.slice(1)}${exponentText(exponent)}`;
}

/** `%.pg` of x ≥ 0: %e or %f by the exponent, trailing zeros removed unless `#`. */
function formatGeneral(x: number, precision: number, alt: boolean): string {
  const p = precision === 0 ? 1 : precision;
  const exponent = x === 0 ? 0 : significant(x, p - 1).exponent;
  let text = exponent >= -4 && exponent < p ? formatFixed(x, p - 1 - exponent, alt) : formatExponent(x, p - 1, alt);
  if (!alt) {
    const e = text.indexOf("e");
    const mantissa = e < 0 ? text : text.slice(0, e);
    const tail = e < 0 ? "" : text.slice(e);
    text = (mantissa.includes(".") ? mantissa.replace(/0+$/, "").replace(/\.$/, "") : mantissa) + tail;
  }
  return text;
}
