import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse, type Tags } from "yaml";

import { type PlainYamlTag, readPlainYaml } from "./readPlainYaml.js";

// xacro.load_yaml read every file with the yaml package, whose 264 kB bundle costs
// ~50 ms to compile and start per process; readPlainYaml takes the plain files without it and
// must give exactly what the yaml package gives, or undefined.

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const xacroData = join(root, "test", "data", "xacro");

/** A value as text with every distinction toPy sees: types, key order, -0, NaN, BigInt. */
function shape(v: unknown): string {
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (v === null || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(shape).join(",")}]`;
  if (typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${JSON.stringify(k)}:${shape(x)}`)
      .join(",")}}`;
  return `<${typeof v} ${String(v)}>`;
}

/** Both readers with the same tag resolver, which logs its calls (order and count must agree). */
function both(text: string): {
  plain: unknown;
  plainCalls: string[];
  yaml: { value: unknown } | { error: string };
  yamlCalls: string[];
} {
  const resolver =
    (log: string[]): PlainYamlTag =>
    (s) => {
      log.push(s);
      if (!/^[-+]?[0-9.]+$/.test(s)) throw new Error(`not a number: ${s}`);
      return (Number(s) * Math.PI) / 180;
    };
  const plainCalls: string[] = [];
  const plain = readPlainYaml(
    text,
    new Map([
      ["!degrees", resolver(plainCalls)],
      ["!radians", resolver(plainCalls)],
    ]),
  );
  const yamlCalls: string[] = [];
  const customTags = ["!degrees", "!radians"].map((tag) => ({
    tag,
    identify: () => false,
    resolve: resolver(yamlCalls),
  })) as unknown as Tags;
  let yaml: { value: unknown } | { error: string };
  try {
    yaml = {
      value: parse(text, { intAsBigInt: true, customTags, schema: "core", uniqueKeys: false, logLevel: "error" }),
    };
  } catch (error) {
    yaml = { error: String(error) };
  }
  return { plain, plainCalls, yaml, yamlCalls };
}

/** readPlainYaml gives undefined, or the yaml package's value after the same tag calls. */
function agrees(text: string): boolean {
  const r = both(text);
  if (r.plain === undefined) return true;
  expect("value" in r.yaml ? shape(r.yaml.value) : r.yaml.error, JSON.stringify(text)).toBe(shape(r.plain));
  expect(r.plainCalls).toEqual(r.yamlCalls);
  return true;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

// ---- Documents inside the subset -------------------------------------------------------------

const plainKeys = [
  "a",
  "b",
  "name",
  "joint_1",
  "on",
  "yes",
  "no",
  "off",
  "y",
  "1e3",
  "0x1F",
  "0o17",
  ".5",
  "-.inf",
  ".nan",
  "1",
  "01",
  "1.0",
  "-0",
  "+1",
  "~",
  "null",
  "NULL",
  "True",
  "FALSE",
  "tRUE",
  "-a",
  "a b",
  "a:b",
  "a-b",
  "é",
  "__proto__",
  "constructor",
  "toString",
  "<<",
  "a'b",
  'a"b',
  "a#b",
  "x?",
];
const plainValues = [
  ...plainKeys,
  "0",
  "-1",
  "+2",
  "3.5",
  "-3.2672976162492252e-11",
  "1e-3",
  "1E+3",
  ".5e2",
  "1.",
  "-.5",
  "+.inf",
  ".Inf",
  ".INF",
  ".NaN",
  ".NAN",
  "0x",
  "0xG",
  "0o8",
  "08",
  "1_000",
  "0b1",
  "true",
  "True",
  "TRUE",
  "false",
  "False",
  "Null",
  "hello world",
  "a, b",
  "x]",
  "x}",
  "x{}",
  "x[0]",
  "a - b",
  "http://x/y",
  "meshes/ur5e/visual/base.dae",
  "0.7 0.7 0.7 1.0",
  "x0.060",
  "~x",
  "a :b",
  "a:",
  "-",
  "- x",
  "?",
  ":",
  "x #",
].filter((s) => !/: |:$| #|^[-?:]( |$)|^[?:]|^[,[\]{}#&*!|>'"%@`]/.test(s) && !s.endsWith(" "));
const flowValues = plainValues.filter((s) => !/[,[\]{}#:'"]/.test(s) && !/^-( |$)/.test(s));
const numbers = ["0", "90", "-360.0", "+1.5", "360.0", ".5", "1."];
const textChar = fc.constantFrom(..."ab #:'\"-,[]{}!&*|>%@`?\\/é\u00a0x0. ");

const singleQuoted = fc.string({ unit: textChar, maxLength: 8 }).map((s) => `'${s.replace(/'/g, "''")}'`);
const doubleQuoted = fc
  .array(
    fc.oneof(
      textChar.filter((c) => c !== '"' && c !== "\\"),
      fc.constantFrom(
        "\\\\",
        '\\"',
        "\\/",
        "\\n",
        "\\t",
        "\\0",
        "\\x41",
        "\\u00e9",
        "\\U0001F600",
        "\\ ",
        "\\_",
        "\\e",
      ),
    ),
    { maxLength: 8 },
  )
  .map((parts) => `"${parts.join("")}"`);
const sp = fc.constantFrom("", " ", "  ");
const flowSeq = fc
  .tuple(
    fc.array(fc.tuple(sp, fc.oneof(fc.constantFrom(...flowValues), singleQuoted, doubleQuoted), sp), { maxLength: 4 }),
    fc.boolean(),
  )
  .map(([items, trailing]) => {
    const body = items.map(([a, s, b]) => `${a}${s}${b}`).join(",");
    return `[${body}${trailing && items.length > 0 ? ", " : ""}]`;
  });
const scalar = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...plainValues) },
  { weight: 2, arbitrary: singleQuoted },
  { weight: 2, arbitrary: doubleQuoted },
  { weight: 1, arbitrary: flowSeq },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("!degrees", "!radians"), fc.constantFrom(" ", "  "), fc.constantFrom(...numbers))
      .map((p) => p.join("")),
  },
);
const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...plainKeys) }, singleQuoted, doubleQuoted);
const comment = fc.constantFrom("", "", " # c", "  #: x 'y", " #");

type Node =
  | { kind: "scalar"; text: string; comment: string }
  | { kind: "empty"; comment: string }
  | { kind: "map"; step: number; entries: { key: string; colon: string; value: Node }[] }
  | { kind: "seq"; step: number; dash: string; sameIndent: boolean; inline: boolean; items: Node[] };

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ kind: fc.constant("scalar" as const), text: scalar, comment }),
    fc.record({ kind: fc.constant("empty" as const), comment }),
    fc.record({
      kind: fc.constant("map" as const),
      step: fc.integer({ min: 1, max: 3 }),
      entries: fc.array(fc.record({ key, colon: fc.constantFrom(":", " :"), value: tie("node") }), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
    fc.record({
      kind: fc.constant("seq" as const),
      step: fc.integer({ min: 1, max: 3 }),
      dash: fc.constantFrom(" ", "  "),
      sameIndent: fc.boolean(),
      inline: fc.boolean(),
      items: fc.array(tie("node"), { minLength: 1, maxLength: 4 }),
    }),
  ),
}));

const pad = (n: number): string => " ".repeat(n);

/** Block lines of a mapping or sequence whose first line starts at `indent`. */
function block(n: Node & { kind: "map" | "seq" }, indent: number): string[] {
  const lines: string[] = [];
  if (n.kind === "map") {
    for (const e of n.entries) {
      // " :" after a plain key would join it; after a quoted one it is allowed.
      const head = `${pad(indent)}${e.key}${/^['"]/.test(e.key) ? e.colon : ":"}`;
      const v = e.value;
      if (v.kind === "scalar") lines.push(`${head} ${v.text}${v.comment}`);
      else if (v.kind === "empty") lines.push(`${head}${v.comment}`);
      else if (v.kind === "map") lines.push(head, ...block(v, indent + v.step));
      else lines.push(head, ...block(v, v.sameIndent ? indent : indent + v.step));
    }
    return lines;
  }
  for (const item of n.items) {
    const dash = `${pad(indent)}-`;
    if (item.kind === "scalar") lines.push(`${dash}${n.dash}${item.text}${item.comment}`);
    else if (item.kind === "empty") lines.push(`${dash}${item.comment}`);
    else if (n.inline) {
      const inner = block(item, indent + 1 + n.dash.length);
      lines.push(`${dash}${n.dash}${inner[0]?.trimStart() ?? ""}`, ...inner.slice(1));
    } else lines.push(dash, ...block(item, indent + n.step));
  }
  return lines;
}

const documentInSubset = fc
  .record({
    root: node,
    indent: fc.integer({ min: 0, max: 2 }),
    marker: fc.constantFrom("", "---\n", "--- # doc\n", "# head\n---\n"),
    extras: fc.array(fc.tuple(fc.nat(), fc.constantFrom("", "  ", "# note", "   # : '", "#")), { maxLength: 4 }),
    crlf: fc.boolean(),
    finalNewline: fc.boolean(),
    trailingSpaces: fc.array(fc.nat(), { maxLength: 3 }),
  })
  .map((d) => {
    const r = d.root;
    let lines =
      r.kind === "scalar"
        ? [`${pad(d.indent)}${r.text}${r.comment}`]
        : r.kind === "empty"
          ? [`${pad(d.indent)}${r.comment.trimStart()}`]
          : block(r, d.indent);
    // Trailing spaces after a line, comment and blank lines between lines.
    lines = lines.map((l, i) => (d.trailingSpaces.includes(i) ? `${l}  ` : l));
    for (const [at, extra] of d.extras) lines.splice(1 + (at % lines.length), 0, extra);
    const text = d.marker + lines.join("\n") + (d.finalNewline ? "\n" : "");
    return d.crlf ? text.replace(/\n/g, "\r\n") : text;
  });

const outsideSnippets = [
  "\t",
  "#",
  " #",
  ": ",
  ":",
  "'",
  '"',
  "- ",
  "-",
  " ",
  "  ",
  "\n",
  "\n ",
  "\n- ",
  "!",
  "&a ",
  "*a",
  "[",
  "]",
  "{",
  "}",
  "{a: 1}",
  "|",
  ">",
  "%",
  "?",
  "? ",
  "---\n",
  "...\n",
  "\\",
  "\r",
  "@",
  "`",
  ",",
  "!degrees ",
  "!radians ",
  "!!str ",
  "!degrees x",
  "\u00a0",
  "\u2028",
  "\ufeff",
  "é",
  "x",
  "0",
  "\\x4",
  "\\q",
  "\n  x",
];
const documentNearSubset = fc
  .tuple(
    documentInSubset,
    fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(...outsideSnippets), fc.nat({ max: 3 }))), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([text, edits]) => {
    let t = text;
    for (const [at, edit] of edits) {
      const i = at % (t.length + 1);
      // A string is inserted there; a number deletes that many characters.
      t = typeof edit === "string" ? t.slice(0, i) + edit + t.slice(i) : t.slice(0, i) + t.slice(i + edit);
    }
    return t;
  });

describe("readPlainYaml (plain YAML without the yaml package)", () => {
  it("reads every document generated inside the subset exactly as the yaml package does", () => {
    fc.assert(
      fc.property(documentInSubset, (text) => {
        const r = both(text);
        expect(r.plain, JSON.stringify(text)).not.toBeUndefined();
        return agrees(text);
      }),
      { numRuns: 3000 },
    );
  });

  it("gives undefined or the yaml package's value for documents near the subset", () => {
    fc.assert(fc.property(documentNearSubset, agrees), { numRuns: 5000 });
  });

  it("resolves core-schema scalars and keys as the yaml package does", () => {
    for (const s of [...plainValues, ...flowValues]) {
      expect(agrees(`v: ${s}\n`)).toBe(true);
      expect(readPlainYaml(`v: ${s}\n`), s).not.toBeUndefined();
    }
    for (const k of plainKeys) {
      expect(agrees(`${k}: 1\n`)).toBe(true);
      expect(readPlainYaml(`${k}: 1\n`), k).not.toBeUndefined();
    }
  });

  it("leaves what is outside the subset to the yaml package", () => {
    const outside = [
      "a:\n\tb: 1",
      "a: &x 1\nb: *x",
      "a: !!str 1",
      "a: |\n  x",
      "a: >\n  x",
      "a: b\n  c",
      "a: 'b\n  c'",
      "a: {b: 1}",
      "? a\n: b",
      "%YAML 1.2\n---\na: 1",
      "a: 1\n---\nb: 2",
      "a: 1\n...\n",
      "a: !other 1",
      "a: !degrees",
      "a: [[1]]",
      "a: [b: 1]",
      "a: [1, , 2]",
      "a: b: c",
      "a: 1\n b: 2",
      "\ufeffa: 1",
      "a: 'x' y",
      'a: "\\q"',
      "a: 1\r",
      `${"- ".repeat(70)}x`,
    ];
    for (const text of outside) expect(readPlainYaml(text, new Map([["!degrees", Number]])), text).toBeUndefined();
  });

  it("gives undefined when a tag resolver throws, after the whole document is known to be plain", () => {
    const calls: string[] = [];
    const tags = new Map<string, PlainYamlTag>([
      [
        "!degrees",
        (s) => {
          calls.push(s);
          if (s === "boom") throw new Error("boom");
          return Number(s);
        },
      ],
    ]);
    expect(readPlainYaml("a: !degrees 1\nb: !degrees boom\nc: !degrees 3\n", tags)).toBeUndefined();
    expect(calls).toEqual(["1", "boom"]);
    calls.length = 0;
    expect(readPlainYaml("a: !degrees 1\nb: &x 2\n", tags)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it("does work linear in the text (sizes at which a quadratic scan would run for hours)", () => {
    const n = 1_000_000;
    // Colons without a space, and a comment marker, on one long line: scanned once for the key.
    expect(readPlainYaml(`${"a:".repeat(n)}b # x`)).toBe(`${"a:".repeat(n)}b`);
    expect(readPlainYaml(`k: ${"a:b".repeat(n)} #${" #".repeat(n)}`)).toEqual({ k: "a:b".repeat(n) });
    // Escapes and doubled quotes, each one appended once.
    expect(readPlainYaml(`k: '${"''".repeat(n)}'`)).toEqual({ k: "'".repeat(n) });
    expect(readPlainYaml(`k: "${"\\n".repeat(n)}"`)).toEqual({ k: "\n".repeat(n) });
    // 100,000 entries, each nesting 50 deep and closing again: every level is entered and left once.
    const deep = Array.from({ length: 50 }, (_, d) => `${" ".repeat(d)}k${d}:`).join("\n");
    const doc = readPlainYaml(Array.from({ length: 2_000 }, () => deep).join("\n")) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(["k0"]);
    expect(readPlainYaml(`[${"1, ".repeat(n)}]`)).toHaveLength(n);
  });

  it("reads the YAML files of the xacro test set as the yaml package does, most of them itself", () => {
    const files = yamlFiles(xacroData);
    expect(files.length).toBeGreaterThanOrEqual(96);
    const outside: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(agrees(text)).toBe(true);
      if (readPlainYaml(text, new Map([["!degrees", Number]])) === undefined) outside.push(relative(xacroData, file));
    }
    // Every file the Universal Robots descriptions load with xacro.load_yaml is plain.
    expect(outside.filter((f) => /universal_robot|Universal_Robots/i.test(f) && f.includes("/config/"))).toEqual([]);
    expect(outside.length).toBeLessThan(files.length / 4);
  });
});
