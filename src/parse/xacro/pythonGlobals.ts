import { checkSequenceLength } from "./XacroBudget.js";
import { iterate } from "./iterate.js";
import { toInt, toNumeric } from "./pyArithmetic.js";
import { pyEquals } from "./pyCompare.js";
import {
  floatRepr,
  parsePyFloat,
  parsePyInt,
  PyDict,
  PyError,
  pyFunction,
  pyRepr,
  pyStr,
  truthy,
  tuple,
  typeName,
  type PyValue,
} from "./PyValue.js";

/** The host functions xacro exposes in its `xacro.` namespace. */
export interface XacroHostFunctions {
  /** `xacro.load_yaml(file)`: a dict/list read from a YAML file (relative to the current file). */
  loadYaml(file: string): PyValue;
  /** `xacro.arg(name)`. */
  arg(name: string): PyValue;
  /** `xacro.message/warning/error(...)`: prints, returns "". */
  message(level: "message" | "warning" | "error", text: string): void;
  /** `xacro.abs_filename(file)`. */
  absFilename(file: string): string;
}

function num(v: PyValue | undefined, f: string): number {
  if (v === undefined) throw new PyError("TypeError", `${f}() missing an argument`);
  return Number(toNumeric(v, f));
}

/** Python `int(x)`. */
export function pyInt(v: PyValue): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "boolean") return v ? 1n : 0n;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new PyError("ValueError", `cannot convert float ${floatRepr(v)} to integer`);
    return BigInt(Math.trunc(v));
  }
  if (typeof v === "string") {
    const r = parsePyInt(v.replace(/(\d)_(?=\d)/g, "$1"));
    if (r === undefined) throw new PyError("ValueError", `invalid literal for int() with base 10: ${pyRepr(v)}`);
    return r;
  }
  throw new PyError("TypeError", `int() argument must be a string or a number, not '${typeName(v)}'`);
}

/** Python `float(x)`. */
export function pyFloat(v: PyValue): number {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") {
    const r = parsePyFloat(v.replace(/(\d)_(?=\d)/g, "$1"));
    if (r === undefined) throw new PyError("ValueError", `could not convert string to float: ${pyRepr(v)}`);
    return r;
  }
  throw new PyError("TypeError", `float() argument must be a string or a number, not '${typeName(v)}'`);
}

/** Python 3 `round(x[, n])`: half to even; an int without n. */
function pyRound(args: PyValue[]): PyValue {
  const x = args[0] ?? null;
  const nd = args[1];
  if (typeof x === "bigint" && (nd === undefined || nd === null)) return x;
  const v = num(x, "round");
  if (nd === undefined || nd === null) {
    const f = Math.floor(v);
    const diff = v - f;
    const r = diff > 0.5 ? f + 1 : diff < 0.5 ? f : f % 2 === 0 ? f : f + 1;
    return BigInt(r);
  }
  const n = Number(toInt(nd));
  // Python rounds the exact binary value; toFixed/Number round-trips give the same digits for n ≥ 0.
  if (n >= 0) {
    const s = v.toFixed(Math.min(n, 100));
    const exact = Number(s);
    // Half-even on exact ties only: toFixed rounds ties away from zero.
    const scaled = v * 10 ** n;
    if (Math.abs(scaled - Math.trunc(scaled)) === 0.5 && Number.isFinite(scaled)) {
      const t = Math.trunc(scaled);
      const even = t % 2 === 0 ? t : t + Math.sign(scaled);
      return even / 10 ** n;
    }
    return exact;
  }
  const p = 10 ** -n;
  return Math.round(v / p) * p;
}

function minMax(name: "min" | "max", args: PyValue[]): PyValue {
  const items = args.length === 1 ? iterate(args[0] ?? null) : args;
  if (items.length === 0) throw new PyError("ValueError", `${name}() arg is an empty sequence`);
  let best = items[0] ?? null;
  for (const x of items.slice(1)) {
    const a = Number(toNumeric(x, name));
    const b = Number(toNumeric(best, name));
    if (name === "min" ? a < b : a > b) best = x;
  }
  return best;
}

function pyRange(args: PyValue[]): PyValue {
  const n = args.map((a) => Number(toInt(a)));
  const [start, stop, step] = n.length === 1 ? [0, n[0] ?? 0, 1] : [n[0] ?? 0, n[1] ?? 0, n[2] ?? 1];
  if (step === 0) throw new PyError("ValueError", "range() arg 3 must not be zero");
  // Python's range is lazy; this one is a list, so its length is bounded before it is made.
  checkSequenceLength(Math.max(0, Math.ceil((stop - start) / step)), "range()");
  const out: PyValue[] = [];
  for (let i = start; step > 0 ? i < stop : i > stop; i += step) out.push(BigInt(i));
  return out;
}

const TYPE_NAMES = ["str", "int", "float", "bool", "list", "dict", "tuple"];

function builtins(): Map<string, PyValue> {
  const m = new Map<string, PyValue>();
  const def = (name: string, f: (args: PyValue[], kwargs: Map<string, PyValue>) => PyValue): void => {
    const fn = pyFunction(name, f);
    if (TYPE_NAMES.includes(name)) Object.defineProperty(fn, "pyTypeName", { value: name });
    m.set(name, fn);
  };
  def("list", (a) => (a[0] === undefined ? [] : [...iterate(a[0])]));
  def("tuple", (a) => tuple(a[0] === undefined ? [] : [...iterate(a[0])]));
  def("dict", (a, kw) => {
    const d = new PyDict();
    if (a[0] instanceof PyDict) for (const [k, v] of a[0].map) d.map.set(k, v);
    else if (a[0] !== undefined)
      for (const pair of iterate(a[0])) {
        const [k, v] = iterate(pair);
        d.map.set(typeof k === "string" || typeof k === "bigint" ? k : pyStr(k ?? null), v ?? null);
      }
    for (const [k, v] of kw) d.map.set(k, v);
    return d;
  });
  def("map", (a) => {
    const f = a[0];
    if (typeof f !== "function") throw new PyError("TypeError", "map() needs a function");
    return iterate(a[1] ?? null).map((x) => f([x], new Map()));
  });
  def("len", (a) => {
    const v = a[0] ?? null;
    if (typeof v === "string") return BigInt([...v].length);
    if (Array.isArray(v)) return BigInt(v.length);
    if (v instanceof PyDict) return BigInt(v.map.size);
    throw new PyError("TypeError", `object of type '${typeName(v)}' has no len()`);
  });
  def("str", (a) => (a[0] === undefined ? "" : pyStr(a[0])));
  def("repr", (a) => pyRepr(a[0] ?? null));
  def("float", (a) => (a[0] === undefined ? 0 : pyFloat(a[0])));
  def("int", (a) => (a[0] === undefined ? 0n : pyInt(a[0])));
  def("bool", (a) => truthy(a[0] ?? false));
  def("min", (a) => minMax("min", a));
  def("max", (a) => minMax("max", a));
  def("round", (a) => pyRound(a));
  def("abs", (a) => {
    const v = toNumeric(a[0] ?? null, "abs");
    return typeof v === "bigint" ? (v < 0n ? -v : v) : Math.abs(v);
  });
  def("sum", (a) =>
    iterate(a[0] ?? null).reduce<PyValue>((s, x) => {
      const p = toNumeric(s, "+");
      const q = toNumeric(x, "+");
      return typeof p === "bigint" && typeof q === "bigint" ? p + q : Number(p) + Number(q);
    }, a[1] ?? 0n),
  );
  def("all", (a) => iterate(a[0] ?? null).every(truthy));
  def("any", (a) => iterate(a[0] ?? null).some(truthy));
  def("sorted", (a) =>
    [...iterate(a[0] ?? null)].sort((x, y) =>
      pyEquals(x, y)
        ? 0
        : Number(toNumeric(x, "<")) < Number(toNumeric(y, "<")) ||
            (typeof x === "string" && typeof y === "string" && x < y)
          ? -1
          : 1,
    ),
  );
  def("reversed", (a) => [...iterate(a[0] ?? null)].reverse());
  def("range", (a) => pyRange(a));
  def("enumerate", (a) => iterate(a[0] ?? null).map((x, i) => tuple([BigInt(i), x])));
  def("zip", (a) => {
    const lists = a.map((x) => iterate(x));
    const n = Math.min(...lists.map((l) => l.length));
    return Array.from({ length: n }, (_, i) => tuple(lists.map((l) => l[i] ?? null)));
  });
  def("isinstance", (a) => {
    const t = a[1];
    const types = Array.isArray(t) ? t : [t ?? null];
    const actual = typeName(a[0] ?? null);
    return types.some((x) => {
      const n = typeof x === "function" ? (x as unknown as { pyTypeName?: string }).pyTypeName : undefined;
      return n === actual || (n === "int" && actual === "bool");
    });
  });
  def("type", (a) => typeName(a[0] ?? null));
  def("ord", (a) => BigInt((typeof a[0] === "string" ? a[0] : "").codePointAt(0) ?? 0));
  m.set("True", true);
  m.set("False", false);
  return m;
}

function mathSymbols(): Map<string, PyValue> {
  const m = new Map<string, PyValue>();
  const f1 = (name: string, f: (x: number) => number): void =>
    void m.set(
      name,
      pyFunction(name, (a) => checkMath(f(num(a[0], name)))),
    );
  m.set("pi", Math.PI);
  m.set("e", Math.E);
  m.set("tau", 2 * Math.PI);
  m.set("inf", Infinity);
  m.set("nan", NaN);
  for (const n of [
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "exp",
    "log10",
    "log2",
    "expm1",
    "log1p",
  ] as const) {
    f1(n, Math[n]);
  }
  f1("sqrt", (x) => {
    if (x < 0) throw new PyError("ValueError", "math domain error");
    return Math.sqrt(x);
  });
  f1("fabs", Math.abs);
  f1("radians", (x) => (x * Math.PI) / 180);
  f1("degrees", (x) => (x * 180) / Math.PI);
  m.set(
    "floor",
    pyFunction("floor", (a) => BigInt(Math.floor(num(a[0], "floor")))),
  );
  m.set(
    "ceil",
    pyFunction("ceil", (a) => BigInt(Math.ceil(num(a[0], "ceil")))),
  );
  m.set(
    "trunc",
    pyFunction("trunc", (a) => BigInt(Math.trunc(num(a[0], "trunc")))),
  );
  m.set(
    "log",
    pyFunction("log", (a) =>
      a[1] === undefined ? Math.log(num(a[0], "log")) : Math.log(num(a[0], "log")) / Math.log(num(a[1], "log")),
    ),
  );
  m.set(
    "pow",
    pyFunction("pow", (a) => num(a[0], "pow") ** num(a[1], "pow")),
  );
  m.set(
    "atan2",
    pyFunction("atan2", (a) => Math.atan2(num(a[0], "atan2"), num(a[1], "atan2"))),
  );
  m.set(
    "hypot",
    pyFunction("hypot", (a) => Math.hypot(...a.map((x) => num(x, "hypot")))),
  );
  m.set(
    "fmod",
    pyFunction("fmod", (a) => num(a[0], "fmod") % num(a[1], "fmod")),
  );
  m.set(
    "copysign",
    pyFunction(
      "copysign",
      (a) =>
        Math.sign(num(a[1], "copysign")) * Math.abs(num(a[0], "copysign")) ||
        (Object.is(num(a[1], "copysign"), -0) ? -Math.abs(num(a[0], "copysign")) : Math.abs(num(a[0], "copysign"))),
    ),
  );
  m.set(
    "isclose",
    pyFunction("isclose", (a, kw) => {
      const x = num(a[0], "isclose");
      const y = num(a[1], "isclose");
      const rel = kw.has("rel_tol") ? num(kw.get("rel_tol") ?? null, "isclose") : 1e-9;
      const abs = kw.has("abs_tol") ? num(kw.get("abs_tol") ?? null, "isclose") : 0;
      return Math.abs(x - y) <= Math.max(rel * Math.max(Math.abs(x), Math.abs(y)), abs);
    }),
  );
  m.set(
    "isnan",
    pyFunction("isnan", (a) => Number.isNaN(num(a[0], "isnan"))),
  );
  m.set(
    "isinf",
    pyFunction("isinf", (a) => !Number.isFinite(num(a[0], "isinf")) && !Number.isNaN(num(a[0], "isinf"))),
  );
  return m;
}

function checkMath(x: number): number {
  if (Number.isNaN(x)) throw new PyError("ValueError", "math domain error");
  return x;
}

/**
 * The global symbols of xacro's expression language: the builtins it exposes directly, the
 * `python.`, `math.` and `xacro.` namespaces, and math's names directly (as xacro does).
 */
export function pythonGlobals(host: XacroHostFunctions): Map<string, PyValue> {
  const g = new Map<string, PyValue>();
  const b = builtins();
  for (const n of [
    "list",
    "dict",
    "map",
    "len",
    "str",
    "float",
    "int",
    "True",
    "False",
    "min",
    "max",
    "round",
    "sorted",
    "range",
  ])
    g.set(n, b.get(n) ?? null);
  g.set("python", new PyDict(b));
  const math = mathSymbols();
  g.set("math", new PyDict(math));
  for (const [k, v] of math) g.set(k, v);
  const say = (level: "message" | "warning" | "error") =>
    pyFunction(level, (a) => {
      host.message(level, a.map(pyStr).join(" "));
      return "";
    });
  const xacro = new PyDict([
    ["load_yaml", pyFunction("load_yaml", (a) => host.loadYaml(pyStr(a[0] ?? null)))],
    ["abs_filename", pyFunction("abs_filename", (a) => host.absFilename(pyStr(a[0] ?? null)))],
    ["dotify", pyFunction("dotify", (a) => a[0] ?? null)],
    ["arg", pyFunction("arg", (a) => host.arg(pyStr(a[0] ?? null)))],
    ["message", say("message")],
    ["warning", say("warning")],
    ["error", say("error")],
    ["print_location", pyFunction("print_location", () => "")],
    [
      "fatal",
      pyFunction("fatal", (a) => {
        throw new PyError("XacroException", a.map(pyStr).join(" "));
      }),
    ],
    [
      "tokenize",
      pyFunction("tokenize", (a) => {
        const sep = a[1] === undefined ? ",; " : pyStr(a[1]);
        const parts = pyStr(a[0] ?? null).split(new RegExp(`[${sep.replace(/[\]\\^-]/g, "\\$&")}]`));
        return a[2] === false ? parts : parts.filter((p) => p !== "");
      }),
    ],
  ]);
  g.set("xacro", xacro);
  g.set("load_yaml", xacro.map.get("load_yaml") ?? null);
  return g;
}
