// @slow: validates thousands of mutated real robot files (vitest project `slow`).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { decodeXmlBytes } from "../../src/parse/decodeXmlBytes.js";
import type { Diagnostic } from "../../src/diagnostics/Diagnostic.js";
import { validateFile } from "../../src/validate/validateFile.js";

// Robustness: whatever the input, the validator returns an array of well-formed diagnostics
// and never throws. 10,500 cases in total across the properties below.
const here = dirname(fileURLToPath(import.meta.url));
const seeds = [
  "urdf/valid/rover.urdf",
  "sdf/valid/rover.sdf",
  "sdf/valid/world_with_include.sdf",
  "sdf/invalid/relative_to_cycle.sdf",
].map((f) => readFileSync(join(here, "..", "fixtures", f), "utf8"));
const params = { seed: 20_260_421 };

function wellFormed(diagnostics: unknown): boolean {
  if (!Array.isArray(diagnostics)) return false;
  return (diagnostics as Diagnostic[]).every(
    (d) =>
      typeof d.code === "string" &&
      (d.severity === "error" || d.severity === "warning" || d.severity === "info") &&
      typeof d.message === "string" &&
      (d.line === undefined || (Number.isInteger(d.line) && d.line >= 1)) &&
      (d.column === undefined || (Number.isInteger(d.column) && d.column >= 1)) &&
      d.code !== "INTERNAL_ERROR",
  );
}

function validateBytes(bytes: Uint8Array): Diagnostic[] {
  const decoded = decodeXmlBytes(bytes, "fuzz.xml");
  return decoded.text === undefined ? decoded.diagnostics : validateFile(decoded.text, "fuzz.xml");
}

describe("fuzz: the validator never throws and always returns diagnostics", () => {
  it("random bytes, in any encoding (3,000 cases)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => wellFormed(validateBytes(bytes))),
      { ...params, numRuns: 3000 },
    );
  });

  it("truncated valid files (2,000 cases)", () => {
    const arb = fc
      .tuple(fc.constantFrom(...seeds), fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([s, f]) => s.slice(0, Math.floor(s.length * f)));
    fc.assert(
      fc.property(arb, (text) => wellFormed(validateFile(text, "t.sdf"))),
      { ...params, numRuns: 2000 },
    );
  });

  it("mutated valid files: spliced tokens, names, numbers and markup (3,000 cases)", () => {
    const tokens = [
      "<",
      ">",
      "/>",
      "</link>",
      "<link>",
      '"',
      "'",
      "&",
      "&amp;",
      "<![CDATA[",
      "]]>",
      "<!--",
      "-->",
      ' name="x"',
      "__model__",
      "world",
      "::",
      "nan",
      "-inf",
      "1e999",
      "1e-320",
      "\u0000",
      "\uFFFF",
      "<include><uri>model://x</uri></include>",
      "<sdf version='1.99'>",
      "<robot>",
      '<frame name="f" attached_to="f"/>',
    ];
    const arb = fc
      .tuple(
        fc.constantFrom(...seeds),
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.nat({ max: 20 }),
            fc.oneof(fc.constantFrom(...tokens), fc.string({ maxLength: 8 })),
          ),
          { minLength: 1, maxLength: 6 },
        ),
      )
      .map(([s, edits]) =>
        edits.reduce((t, [at, cut, insert]) => {
          const i = Math.floor(t.length * at);
          return t.slice(0, i) + insert + t.slice(i + cut);
        }, s),
      );
    fc.assert(
      fc.property(arb, (text) => wellFormed(validateFile(text, "m.xml"))),
      { ...params, numRuns: 3000 },
    );
  });

  it("deep nesting, up to 5,000 levels (500 cases)", () => {
    const arb = fc
      .tuple(fc.integer({ min: 1, max: 5000 }), fc.constantFrom("model", "link", "a", "plugin"), fc.boolean())
      .map(
        ([depth, tag, closed]) =>
          `<sdf version="1.9">${`<${tag} name="n">`.repeat(depth)}${closed ? `</${tag}>`.repeat(depth) : ""}</sdf>`,
      );
    fc.assert(
      fc.property(arb, (text) => wellFormed(validateFile(text, "deep.sdf"))),
      { ...params, numRuns: 500 },
    );
  });

  it("huge, tiny and non-finite numbers everywhere a number goes (2,000 cases)", () => {
    const num = fc.oneof(
      fc.double(),
      fc.constantFrom("nan", "inf", "-inf", "1e999", "-1e999", "1e-400", "0x1F", "", "1 2", "1,5"),
    );
    const arb = fc
      .tuple(num, num, num, num, fc.boolean())
      .map(([a, b, c, d, urdf]) =>
        urdf
          ? `<robot name="r"><link name="a"><inertial><mass value="${a}"/><inertia ixx="${b}" ixy="0" ixz="0" iyy="${c}" iyz="${d}" izz="${a}"/></inertial></link><link name="b"/><joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="${b} ${c} ${d}"/><limit lower="${c}" upper="${d}" effort="${a}" velocity="${b}"/></joint></robot>`
          : `<sdf version="1.9"><model name="m"><link name="a"><pose>${a} ${b} ${c} 0 0 ${d}</pose><inertial><mass>${a}</mass><inertia><ixx>${b}</ixx><iyy>${c}</iyy><izz>${d}</izz><ixy>${a}</ixy></inertia></inertial></link><link name="b"/><joint name="j" type="revolute"><parent>a</parent><child>b</child><axis><xyz>${b} ${c} ${d}</xyz><limit><lower>${c}</lower><upper>${d}</upper></limit></axis></joint></model></sdf>`,
      );
    fc.assert(
      fc.property(arb, (text) => wellFormed(validateFile(text, "n.xml"))),
      { ...params, numRuns: 2000 },
    );
  });

  it("finds what it must in the adversarial cases above (the property is not vacuous)", () => {
    expect(validateFile("<a>", "x").map((d) => d.code)).toEqual(["XML_ERROR"]);
    expect(validateBytes(new Uint8Array([0x3c, 0x61, 0xff, 0x3e])).map((d) => d.code)).toEqual(["XML_ERROR"]);
    const deep = `<sdf version="1.9">${'<model name="n">'.repeat(400)}${"</model>".repeat(400)}</sdf>`;
    expect(validateFile(deep, "d.sdf").some((d) => d.code === "XML_ERROR" && d.message.includes("deeper than"))).toBe(
      true,
    );
  });
});
