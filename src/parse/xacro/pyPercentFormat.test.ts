import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { haveTool, runTool } from "../../../test/support/tools.js";
import { evaluatePython } from "./evaluatePython.js";
import { pyPercentFormat } from "./pyPercentFormat.js";
import { floatRepr, PyDict, pyStr, tuple, type PyValue } from "./PyValue.js";
import { pythonGlobals } from "./pythonGlobals.js";

// `'%d' % 3.7`, `'%5.2f'`, `'%x'`, `'%r'`, `'%%'` silently differed from Python (width,
// flags and most conversions were ignored, %r was %s, %x and %e were unknown).

const globals = pythonGlobals({ loadYaml: () => null, arg: () => "", message: () => undefined, absFilename: (f) => f });
const py = (src: string): string => pyStr(evaluatePython(src, { lookup: (n) => globals.get(n) ?? null }));

/** What a run gives: the text, or "ExceptionType: message". */
function run(fmt: string, value: PyValue): string {
  try {
    return pyPercentFormat(fmt, value);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe("'%' string formatting as Python's", () => {
  it("formats the conversions of the issue as CPython 3 does", () => {
    expect(py("'%d' % 3.7")).toBe("3");
    expect(py("'%5.2f' % 3.14159")).toBe(" 3.14");
    expect(py("'%s|%r' % ('a', 'a')")).toBe("a|'a'");
    expect(py("'%x|%X|%#o' % (255, 255, 8)")).toBe("ff|FF|0o10");
    expect(py("'100%%'  % ()")).toBe("100%");
    expect(py("'%(a)s-%(b)05.1f' % {'a': 'x', 'b': 2.25}")).toBe("x-002.2");
    expect(py("'%.2f' % 0.125")).toBe("0.12"); // round-half-even on the exact binary value, not JS toFixed's 0.13
    expect(py("'%e|%g|%G' % (12345.678, 1e-5, 1e20)")).toBe("1.234568e+04|1e-05|1E+20");
  });

  it("takes a float's decimal exponent exactly, where log10 lands on a power of ten", () => {
    // The double 1e-7 is 9.99999999999999954748e-8: to 17 digits its exponent is -8 (CPython).
    expect(py("'%.16E|%.16e|%.17g' % (1e-7, 1e-7, 1e-7)")).toBe(
      "9.9999999999999995E-08|9.9999999999999995e-08|9.9999999999999995e-08",
    );
    expect(py("'%.2e|%.0e' % (9.996, 0.99)")).toBe("1.00e+01|1e+00");
  });

  it("raises Python's exceptions with Python's messages", () => {
    expect(run("%d", "3")).toBe("TypeError: %d format: a real number is required, not str");
    expect(run("%x", 3.5)).toBe("TypeError: %x format: an integer is required, not float");
    expect(run("%y", 1n)).toBe("ValueError: unsupported format character 'y' (0x79) at index 1");
    expect(run("%d %d", tuple([1n]))).toBe("TypeError: not enough arguments for format string");
    expect(run("%d", tuple([1n, 2n]))).toBe("TypeError: not all arguments converted during string formatting");
    expect(run("%(a)s", 1n)).toBe("TypeError: format requires a mapping");
    expect(run("abc", new PyDict())).toBe("abc");
  });
});

// Values the generator draws: ints (small and huge), floats (ordinary, tiny, huge, ties, specials), strs, bools, None.
const value: fc.Arbitrary<PyValue> = fc.oneof(
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => BigInt(n)),
  fc.double({ noNaN: false }),
  fc.integer({ min: -10_000, max: 10_000 }).map((n) => n / 8),
  fc.constantFrom(
    0.5,
    2.5,
    0.125,
    1e16,
    1e-7,
    9.995,
    0.1,
    123456789.0,
    -0.0,
    5e-324,
    1.7976931348623157e308,
    Infinity,
    -Infinity,
  ),
  fc.string({ maxLength: 6, unit: fc.constantFrom(..."aZ 9'\"\\é%") }),
  fc.boolean(),
  fc.constant(null),
);

const spec = fc.record({
  flags: fc.subarray(["-", "+", " ", "#", "0"]),
  width: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  precision: fc.option(fc.integer({ min: 0, max: 25 }), { nil: undefined }),
  type: fc.constantFrom(..."diouxXeEfFgGcsra"),
});

const format = (s: {
  flags: string[];
  width: number | undefined;
  precision: number | undefined;
  type: string;
}): string => `%${s.flags.join("")}${s.width ?? ""}${s.precision === undefined ? "" : `.${s.precision}`}${s.type}`;

/** A value as JSON for the Python side (ints and floats tagged, so they keep their type). */
function toJson(v: PyValue): unknown {
  if (typeof v === "bigint") return { int: v.toString() };
  if (typeof v === "number") return { float: floatRepr(v) };
  if (Array.isArray(v)) return { tuple: v.map(toJson) };
  return v;
}

const PYTHON = `
import json, sys
def val(j):
    if isinstance(j, dict):
        if "int" in j: return int(j["int"])
        if "float" in j: return float(j["float"])
        if "tuple" in j: return tuple(val(x) for x in j["tuple"])
    return j
out = []
for fmt, v in json.load(sys.stdin):
    try:
        out.append(fmt % val(v))
    except Exception as e:
        out.append("%s: %s" % (type(e).__name__, e))
json.dump(out, sys.stdout)
`;

describe("'%' formatting agrees with python3 over generated specs and values (property)", () => {
  it.skipIf(!haveTool("python3", "compare xacro's %-formatting with CPython"))(
    "one python process checks 600 generated cases",
    () => {
      const cases = fc.sample(
        fc.oneof(
          fc.tuple(spec, value).map(([s, v]) => [format(s), v] as [string, PyValue]),
          fc
            .tuple(spec, spec, value, value)
            .map(([s, t, v, w]) => [`<${format(s)}|${format(t)}>`, tuple([v, w])] as [string, PyValue]),
        ),
        600,
      );
      const r = runTool("python3", ["-c", PYTHON], { input: JSON.stringify(cases.map(([f, v]) => [f, toJson(v)])) });
      expect(r.status, r.stderr).toBe(0);
      const expected = JSON.parse(r.stdout) as string[];
      const actual = cases.map(([f, v]) => run(f, v));
      const mismatches = cases
        .map(([f, v], i) => ({
          format: f,
          value: pyStr(Array.isArray(v) ? tuple(v) : v),
          python: expected[i],
          robokit: actual[i],
        }))
        .filter((m) => m.python !== m.robokit);
      expect(mismatches).toEqual([]);
    },
    60_000,
  );
});
