import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { expandXacro } from "../../src/parse/xacro/expandXacro.js";
import { XACRO_LIMITS } from "../../src/parse/xacro/XacroBudget.js";
import { runCliInProcess } from "../support/runCliInProcess.js";
import { runCliProcess } from "../support/runCliProcess.js";

// the xacro evaluator had no budgets. Before them, `[0]*10**9` aborted Node (exit 134,
// "heap out of memory"), `10**10**8` ran for minutes, a block that inserts itself, a long chain
// of lazy properties, 5,000 nested brackets or a 100,000-term sum ended in exit 70 ("Maximum call
// stack size exceeded"), and an expansion past V8's string limit in exit 70 ("Invalid string length").

const robot = (body: string): string =>
  `<?xml version="1.0"?>\n<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">\n  ${body}\n  <link name="a"/>\n</robot>\n`;
const host = { readFile: () => undefined, findPackage: () => undefined, env: () => undefined };

/** Expands in memory; the one error diagnostic (code, line, column) or "ok". */
function expandError(
  body: string,
): { code: string; line: number | undefined; column: number | undefined; message: string } | "ok" {
  const r = expandXacro(robot(body), "b.urdf.xacro", { path: "/x/b.urdf.xacro", host });
  const e = r.diagnostics.find((d) => d.severity === "error");
  if (e === undefined) return "ok";
  return { code: e.code, line: e.line, column: e.column, message: e.message };
}

const at3 = (code: string, message: RegExp): unknown => ({
  code,
  line: 3,
  column: 3,
  message: expect.stringMatching(message),
});

describe("the xacro evaluator's size budgets refuse a value before making it", () => {
  it.each([
    [
      "a string repeated 10^9 times",
      "${'a'*10**9}",
      /'\*' would make a string of 1,000,000,000 characters, more than 4,194,304/,
    ],
    ["a list repeated 10^9 times", "${[0]*10**9}", /'\*' would make 1,000,000,000 items, more than 1,000,000/],
    ["a list repeated from the left", "${10**9*[0, 1]}", /'\*' would make 2,000,000,000 items/],
    ["range(10**9)", "${range(10**9)}", /range\(\) would make 1,000,000,000 items/],
    ["10**10**8", "${10**10**8}", /'\*\*' would make an integer of [\d,]+ bits, more than 65,536/],
    ["2**(2**40)", "${2**(2**40)}", /'\*\*' would make an integer of 1,099,511,627,777 bits/],
    ["a product of huge integers", "${(2**60000)*(2**60000)}", /'\*' would make an integer/],
    ["an integer literal of 100,000 digits", `\${${"9".repeat(100_000)}}`, /an integer literal would make an integer/],
    [
      "str.replace that multiplies",
      "${('a'*1000).replace('a', 'b'*10000)}",
      /str\.replace\(\) would make a string of 10,000,000 characters/,
    ],
    [
      "str.join of big strings",
      "${''.join(['a'*3000000, 'b'*3000000])}",
      /str\.join\(\) would make a string of 6,000,000 characters/,
    ],
    [
      "a %-format width of 10^10",
      "${'%10000000000d' % 1}",
      /'%' formatting would make a string of 10,000,000,000 characters/,
    ],
    [
      "str() of a list of big strings",
      "${str(['a'*3000000, 'b'*3000000])}",
      /str\(\)\/repr\(\) would make a string of/,
    ],
    ["concatenation", "${'a'*3000000 + 'b'*3000000}", /'\+' would make a string of 6,000,000 characters/],
  ])("%s", (_what, expr, message) => {
    expect(expandError(`<link name="${expr.replace(/'/g, "&apos;")}"/>`)).toEqual(
      at3("XACRO_VALUE_TOO_LARGE", message),
    );
  });

  it("keeps values just under the bounds (the bound is the limit, not less)", () => {
    expect(expandError(`<link name="\${len('a'*${XACRO_LIMITS.maxStringLength})}"/>`)).toBe("ok");
    expect(expandError(`<link name="\${len([0]*${XACRO_LIMITS.maxSequenceLength})}"/>`)).toBe("ok");
    expect(expandError(`<link name="\${len(str(2**${XACRO_LIMITS.maxIntBits - 1}))}"/>`)).toBe("ok");
  });
});

describe("the xacro evaluator's step budget is shared by the whole expansion", () => {
  it("stops nested comprehensions of 10^9 iterations", () => {
    expect(
      expandError('<link name="${[[[0 for i in range(1000)] for j in range(1000)] for k in range(1000)]}"/>'),
    ).toEqual(at3("XACRO_TOO_MANY_STEPS", /more than 2,000,000 evaluation steps/));
  });

  it("counts across expressions: 40 expressions of 300,000 steps each pass the budget together, never one alone", () => {
    const one = "${len([i for i in range(100000)])}";
    expect(expandError(`<link name="${one}"/>`)).toBe("ok");
    const many = Array.from({ length: 40 }, (_, i) => `<link name="l${i}_${one}"/>`).join("");
    expect(expandError(many)).toEqual(expect.objectContaining({ code: "XACRO_TOO_MANY_STEPS" }));
  });

  it("stops a macro that calls itself twice, 24 levels deep (2^24 calls; the attack suite found it ran 13-23 s under a 10,000,000-step budget)", () => {
    const twice =
      '<xacro:macro name="twice" params="n"><xacro:if value="${n > 0}"><xacro:twice n="${n-1}"/><xacro:twice n="${n-1}"/></xacro:if><x/></xacro:macro><xacro:twice n="24"/>';
    expect(expandError(twice)).toEqual(expect.objectContaining({ code: "XACRO_TOO_MANY_STEPS" }));
    // Every real robot of the xacro test set expands in under half the budget (test/xacro/xacroTestSet.test.ts).
    expect(XACRO_LIMITS.maxSteps).toBeLessThanOrEqual(2_000_000);
  });
});

describe("the xacro expansion's depth budget turns recursion into a diagnostic, never a stack overflow", () => {
  it("stops a block that inserts itself", () => {
    const r = expandError(
      '<xacro:property name="b"><x><xacro:insert_block name="b"/></x></xacro:property><xacro:insert_block name="b"/>',
    );
    expect(r).toEqual({
      code: "XACRO_TOO_DEEP",
      line: 3,
      column: 28,
      message: expect.stringMatching(/nests more than 1000 levels deep \(element <x>\)/),
    });
  });

  it("stops a macro whose block inserts itself through the macro", () => {
    const r = expandError(
      '<xacro:macro name="m" params="*b"><y><xacro:insert_block name="b"/><xacro:m><xacro:insert_block name="b"/></xacro:m></y></xacro:macro><xacro:m><z/></xacro:m>',
    );
    expect(r).toEqual(expect.objectContaining({ code: "XACRO_TOO_DEEP" }));
  });

  it("stops a lambda that calls itself", () => {
    expect(expandError('<link name="${(lambda f: f(f))(lambda f: f(f))}"/>')).toEqual(
      at3("XACRO_TOO_DEEP", /nests more than 1000 levels deep/),
    );
  });

  it("stops a chain of 5,000 lazy properties, each reading the next", () => {
    const props = Array.from(
      { length: 5000 },
      (_, i) => `<xacro:property name="p${i}" value="\${p${i + 1} + 1}"/>`,
    ).join("");
    const r = expandError(`${props}<xacro:property name="p5000" value="0"/><link name="\${p0}"/>`);
    expect(r).toEqual(
      expect.objectContaining({
        code: "XACRO_TOO_DEEP",
        message: expect.stringMatching(/nests more than 1000 levels deep/),
      }),
    );
  });

  it("stops 5,000 nested brackets and a sum of 100,000 terms", () => {
    expect(expandError(`<link name="\${${"(".repeat(5000)}1${")".repeat(5000)}}"/>`)).toEqual(
      at3("XACRO_TOO_DEEP", /brackets or operators more than 100 levels deep/),
    );
    expect(expandError(`<link name="\${${Array(100_000).fill("1").join("+")}}"/>`)).toEqual(
      at3("XACRO_TOO_DEEP", /more than 1000 levels deep/),
    );
  });

  it("counts the nodes a deep macro recursion moves: 250 levels of 3,900 elements stop at the step budget (before: 35 s, and a heap abort at 1 GB)", () => {
    const body = Array.from({ length: 3900 }, (_, i) => `<x${i}/>`).join("");
    const r = expandError(
      `<xacro:macro name="m" params="n">${body}<xacro:if value="\${n > 0}"><xacro:m n="\${n-1}"/></xacro:if></xacro:macro><xacro:m n="250"/>`,
    );
    expect(r).toEqual(expect.objectContaining({ code: "XACRO_TOO_MANY_STEPS" }));
  }, 60_000);

  it("still expands a macro recursing 200 deep with nested elements (real recursion stays well inside)", () => {
    const r = expandXacro(
      robot(
        '<xacro:macro name="m" params="n"><g><xacro:if value="${n > 0}"><xacro:m n="${n-1}"/></xacro:if></g></xacro:macro><xacro:m n="200"/>',
      ),
      "b.urdf.xacro",
      { path: "/x/b.urdf.xacro", host },
    );
    expect(r.diagnostics).toEqual([]);
  });
});

describe("the xacro CLI stays within 1 GB and exits 1 on every budget", () => {
  const dir = mkdtempSync(join(tmpdir(), "robokit-xacro-budget-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cap = ["--max-old-space-size=1024"];

  it.each([
    [
      "validate",
      "list",
      '<link name="${[0]*10**9}"/>',
      /list\.urdf\.xacro:3:3: error XACRO_VALUE_TOO_LARGE: '\*' would make 1,000,000,000 items/,
    ],
    [
      "convert",
      "pow",
      '<link name="${10**10**8}"/>',
      /pow\.urdf\.xacro:3:3: error XACRO_VALUE_TOO_LARGE: '\*\*' would make an integer/,
    ],
    // 200 links named by a 4 Mi-character string: 800 M characters, past V8's string limit (2^29 - 24).
    [
      "validate",
      "output",
      `<xacro:property name="s" value="\${'a'*4000000}" lazy_eval="false"/>${Array.from({ length: 200 }, () => `<link name="\${s}"/>`).join("")}`,
      /output\.urdf\.xacro:3:\d+: error XACRO_OUTPUT_TOO_LARGE: the expanded document grows past 33,554,432 characters/,
    ],
    [
      "validate",
      "block",
      '<xacro:property name="b"><x><xacro:insert_block name="b"/></x></xacro:property><xacro:insert_block name="b"/>',
      /block\.urdf\.xacro:3:28: error XACRO_TOO_DEEP/,
    ],
  ])(
    "robokit %s of %s",
    (command, name, body, line) => {
      const file = join(dir, `${name}.urdf.xacro`);
      writeFileSync(file, robot(body.replace(/'(?=[^"]*"\/>)/g, "&apos;")));
      const r = runCliProcess(command === "convert" ? ["convert", file, "--to", "sdf"] : ["validate", file], dir, cap);
      expect({
        status: r.status,
        stderr: r.stderr.includes("heap") || r.stderr.includes("at ") ? r.stderr : "",
      }).toEqual({ status: 1, stderr: "" });
      expect(`${r.stdout}\n${r.stderr}`).toMatch(line);
    },
    120_000,
  );
});

/** 40 properties, each its predecessor twice by text substitution (`${a}${a}`): 2^40 × 16 characters. */
function doublingProperties(lazy: boolean): string {
  const flag = lazy ? "" : ' lazy_eval="false"';
  const props = Array.from(
    { length: 40 },
    (_, i) => `<xacro:property name="a${i + 1}" value="\${a${i}}\${a${i}}"${flag}/>`,
  ).join("\n  ");
  return `<xacro:property name="a0" value="xxxxxxxxxxxxxxxx"/>\n  ${props}\n  <link name="\${a40}"/>`;
}

describe("a property's value made by text substitution is budgeted as an expression's is", () => {
  // Before: `${a}${a}` was joined without a bound; 4 KB of such properties grew to V8's string
  // limit (about 1 GB of heap), a heap abort under less.
  it.each([
    [false, 22],
    [true, 44],
  ])("doubling properties (lazy %s): XACRO_VALUE_TOO_LARGE naming the property that passes the bound", (lazy, line) => {
    expect(expandError(doublingProperties(lazy))).toEqual({
      code: "XACRO_VALUE_TOO_LARGE",
      line,
      column: 3,
      message: expect.stringMatching(
        /^a text substitution would make a string of 8,388,608 characters, more than 4,194,304, in property 'a19'/,
      ),
    });
  });

  it("robokit validate under a 128 MB heap: exit 1 at file:line:col, the property named", () => {
    const dir = mkdtempSync(join(tmpdir(), "robokit-xacro-double-"));
    try {
      const file = join(dir, "double.urdf.xacro");
      writeFileSync(file, robot(doublingProperties(false)));
      const r = runCliProcess(["validate", file], dir, ["--max-old-space-size=128"]);
      expect({ status: r.status, heap: /heap|allocation/i.test(r.stderr) }).toEqual({ status: 1, heap: false });
      expect(r.stdout).toMatch(/double\.urdf\.xacro:22:3: error XACRO_VALUE_TOO_LARGE: .*in property 'a19'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("$(find) walks each real folder once, and at most 10,000 of them", () => {
  const dir = mkdtempSync(join(tmpdir(), "robokit-xacro-find-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const top = join(dir, "top");
  mkdirSync(top);
  const file = join(top, "find.urdf.xacro");
  writeFileSync(file, robot('<link name="$(find nopkg)"/>'));

  it("ends a search through 40 symlinks to their own folder (before: 2.6 million folders, 4 levels of 40)", async () => {
    const loop = join(dir, "loop");
    mkdirSync(loop);
    for (let i = 0; i < 40; i++) symlinkSync(loop, join(loop, `l${i}`));
    const r = await runCliInProcess(["validate", file, "-I", loop]);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/find\.urdf\.xacro:3:3: error XACRO_ERROR: package 'nopkg' not found/);
  }, 60_000);

  it("stops a search past 10,000 folders with PACKAGE_SEARCH_LIMIT", async () => {
    const wide = join(dir, "wide");
    for (let i = 0; i < 101; i++)
      for (let j = 0; j < 100; j++) mkdirSync(join(wide, `d${i}`, `e${j}`), { recursive: true });
    const r = await runCliInProcess(["validate", file, "-I", wide]);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(
      /find\.urdf\.xacro:3:3: error PACKAGE_SEARCH_LIMIT: \$\(find nopkg\): the search below .*wide passes 10,000 folders/,
    );
  }, 60_000);
});
