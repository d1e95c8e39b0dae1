import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

import { TsIdentifiers } from "./TsIdentifiers.js";
import { tsComment } from "./tsComment.js";
import { tsPropertyName } from "./tsPropertyName.js";
import { tsStringLiteral } from "./tsStringLiteral.js";
import { tsTemplateLiteral } from "./tsTemplateLiteral.js";
import { tsValue } from "./tsValue.js";
import { visibleText } from "./unsafeCharacters.js";
import { yamlComment } from "./yamlComment.js";
import { yamlDocumentText } from "./yamlDocumentText.js";
import { yamlScalar } from "./yamlScalar.js";

/** Evaluates a JavaScript expression the escapers wrote (they are plain JS, no types). */
function evaluate(expression: string, scope: Record<string, unknown> = {}): unknown {
  return new Function(...Object.keys(scope), `"use strict"; return (${expression});`)(
    ...Object.values(scope),
  ) as unknown;
}

/** Strings weighted towards what breaks generated code: quotes, escapes, line terminators, comment ends. */
const hostile = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({
    unit: fc.constantFrom(
      "*/",
      "/*",
      "//",
      "\u2028",
      "\u2029",
      "\u0085",
      "\r",
      "\n",
      "`",
      "${",
      "$",
      "\\",
      '"',
      "'",
      "</script>",
      "@",
      "\u202e",
      "\ufeff",
      "\ud800",
      "\udc00",
      "a",
      "效",
      " ",
      "\u0000",
      "\u001b",
    ),
  }),
);

/** No JavaScript or YAML 1.1/1.2 line terminator, control, bidi control or lone surrogate. */
// eslint-disable-next-line no-control-regex
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("TypeScript escapers", () => {
  it("tsStringLiteral evaluates to the text and is one line of visible characters", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const lit = tsStringLiteral(s);
        expect(lit).not.toMatch(INVISIBLE);
        expect(evaluate(lit)).toBe(s);
      }),
    );
  });

  it("tsTemplateLiteral evaluates to the texts joined by the holes' values; no `${` opens from input", () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), fc.string(), (texts, value) => {
        const holes = texts.slice(1).map(() => "name");
        const lit = tsTemplateLiteral(texts, holes);
        // A `${` after an even number of backslashes opens a substitution: only the holes do.
        expect(lit.match(/(?<=(?:^|[^\\])(?:\\\\)*)\$\{/g) ?? []).toHaveLength(holes.length);
        expect(lit.replace(/[\n\t]/g, "")).not.toMatch(INVISIBLE);
        expect(evaluate(lit, { name: value })).toBe(texts.join(value));
      }),
    );
    expect(() => tsTemplateLiteral(["a", "b"])).toThrow(/holes/);
  });

  it("tsComment cannot end a comment or a line, nor start a TSDoc tag", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const c = tsComment(s);
        expect(c).not.toContain("*/");
        expect(c).not.toMatch(INVISIBLE);
        expect(c).not.toMatch(/(?<!\\)@/);
        // As the body of a block comment it is a comment: the program is just `1`.
        expect(evaluate(`/* ${c} */ 1`)).toBe(1);
        expect(evaluate(`/** ${c} */ 1`)).toBe(1);
      }),
    );
    expect(tsComment("a */ b\u2028c @x")).toBe("a *\\/ b\\u2028c \\@x");
  });

  it("tsPropertyName and tsValue write plain data that evaluates to equal data, __proto__ as an own key", () => {
    const data = fc.jsonValue().map((v) => v as unknown);
    fc.assert(
      fc.property(data, fc.dictionary(hostile, fc.integer()), (v, keyed) => {
        // The data itself, -0 included: tsValue writes -0 as -0 (a JSON round trip would make it 0).
        expect(evaluate(tsValue(v))).toStrictEqual(v);
        const back = evaluate(tsValue(keyed)) as Record<string, number>;
        expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
        expect(Object.entries(back)).toEqual(Object.entries(keyed));
      }),
    );
    expect(tsPropertyName("__proto__")).toBe('["__proto__"]');
    expect(evaluate(tsValue({ ["__proto__"]: { polluted: 1 } }))).toHaveProperty("__proto__", { polluted: 1 });
    expect(tsValue(-0)).toBe("-0");
  });
});

describe("TsIdentifiers", () => {
  const RESERVED =
    /^(await|break|case|catch|class|const|continue|debugger|default|delete|do|else|enum|export|extends|false|finally|for|function|if|import|in|instanceof|new|null|return|super|switch|this|throw|true|try|typeof|var|void|while|with|yield|let|static|implements|interface|package|private|protected|public|arguments|eval|undefined|NaN|Infinity)$/;

  it("hands out valid, unreserved identifiers, never a declared one, never twice, the same for the same names", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            hostile,
            fc.constantFrom("box", "RobotBuilder", "class", "008_effect", "效果", "robot", "let", "a b", "a_b", "aB"),
          ),
          { maxLength: 30 },
        ),
        (names) => {
          const declared = ["box", "RobotBuilder", "robot"];
          const make = (): string[] => {
            const ids = new TsIdentifiers(declared);
            return names.map((n) => ids.fromName(n, "part"));
          };
          const out = make();
          for (const id of out) {
            expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
            expect(id).not.toMatch(RESERVED);
            expect(declared).not.toContain(id);
          }
          expect(new Set(out).size).toBe(out.length);
          expect(make()).toEqual(out);
        },
      ),
    );
  });

  it("keeps readable names: camelCase words, a digit guarded, a fallback for names without ASCII", () => {
    const ids = new TsIdentifiers(["box"]);
    expect(
      ["front_left_wheel material", "008_effect_material", "效果_material", "效果", "效果", "box", "class"].map((n) =>
        ids.fromName(n, "part"),
      ),
    ).toEqual(["frontLeftWheelMaterial", "_008EffectMaterial", "material", "part", "part2", "box2", "class_"]);
  });
});

describe("YAML escapers", () => {
  it("yamlComment is one comment line in YAML 1.1 and 1.2: the document after it is unchanged", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const c = yamlComment(s);
        expect(c === "#" || c.startsWith("# ")).toBe(true);
        expect(c).not.toMatch(INVISIBLE);
        for (const version of ["1.1", "1.2"] as const) expect(parse(`${c}\nk: v\n`, { version })).toEqual({ k: "v" });
      }),
    );
    expect(visibleText("a\u2028b")).toBe("a\\u2028b");
  });

  it("yamlScalar reads back as the same string, as a key and as a value, in YAML 1.1 and 1.2", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const q = yamlScalar(s);
        expect(q).not.toMatch(INVISIBLE);
        for (const version of ["1.1", "1.2"] as const) {
          expect(parse(`${q}: ${q}\n`, { version })).toEqual({ [s]: s });
          expect(parse(`- ${q}\n`, { version })).toEqual([s]);
        }
      }),
    );
  });

  it("yamlDocumentText reads back as the same data in YAML 1.1 and 1.2, with nothing invisible but LF and tab", () => {
    fc.assert(
      fc.property(
        fc.dictionary(hostile, fc.oneof(hostile, fc.double({ noNaN: true }), fc.array(hostile, { maxLength: 3 }))),
        (data) => {
          const text = yamlDocumentText(data);
          expect(text.replace(/[\n\t]/g, "")).not.toMatch(INVISIBLE);
          for (const version of ["1.1", "1.2"] as const) expect(parse(text, { version })).toEqual(data);
        },
      ),
    );
    // A line of spaces alone in a literal block reads back as an empty line.
    for (const text of [" \n", "a\n  \nb", "\t\n"])
      expect(parse(yamlDocumentText({ k: [text], [text]: text }))).toEqual({ k: [text], [text]: text });
  });
});
