import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { isStrippedFrom } from "./strippedCache.js";
import { locateReport, stripTypeScript } from "./stripTypeScript.js";

const MODULE = [
  'import type { Robot } from "robokit";',
  'import { RobotBuilder, type Link, box } from "robokit";',
  "interface Wheel { radius: number }",
  "type Side = 'left' | 'right';",
  "export function wheel<T extends Wheel>(w: T, side: Side): string { return `${side}:${w.radius}`; }",
  "const b = new RobotBuilder('x') as RobotBuilder;",
  "const l = undefined! satisfies Link | undefined;",
  "export const robot: Robot | undefined = undefined;",
  "b.link({ name: 'base' } as never);",
].join("\n");

describe("stripTypeScript", () => {
  it("keeps every line and column: the JavaScript is the source with the types blanked", () => {
    const r = stripTypeScript(MODULE);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(isStrippedFrom(MODULE, r.code)).toBe(true);
    const lines = r.code.split("\n");
    // A type-only import leaves nothing; a mixed one keeps its values where they were.
    expect(lines[0]?.trim()).toBe("");
    expect(lines[1]).toMatch(/^import \{ RobotBuilder,\s+box \} from "robokit";$/);
    expect(lines[8]).toBe("b.link({ name: 'base' }         );");
    expect(lines[8]?.indexOf("link")).toBe(MODULE.split("\n")[8]?.indexOf("link"));
  });

  it.each([
    ["an enum", "const a = 1;\n  enum E { A }\n", 2, 3, /enum/],
    ["a namespace", "let x = 1;\nnamespace N { export const y = 1 }\n", 2, 1, /namespace/],
    ["a parameter property", "class P {\n  constructor(private x: number) {}\n}\n", 2, 23, /parameter property/],
    ["a syntax error", "const a: number = 1;\nconst b = ;\n", 2, 11, /Expression expected/],
    ["an angle-bracket assertion", "let z = 1;\nlet y = <number>z;\n", 2, 9, /angle-bracket/],
  ])("refuses %s at its line:col", (_, source, line, column, message) => {
    const r = stripTypeScript(source);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.line, r.column]).toEqual([line, column]);
    expect(r.message).toMatch(message);
  });

  it("places a report past line 9, whose gutter is wider", () => {
    const source = `${"const a = 1;\n".repeat(11)}  enum E { A }\n`;
    const r = stripTypeScript(source);
    expect(r.ok ? undefined : [r.line, r.column]).toEqual([12, 3]);
  });

  it("property: any module of annotated declarations strips to itself blanked, with the values kept", () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/).filter((n) => !RESERVED.has(n));
    const type = fc.constantFrom("number", "string", "readonly number[]", "{ a: number }", "Record<string, 1 | 2>");
    const decl = fc.tuple(name, type, fc.integer({ min: -999, max: 999 }), fc.nat(4));
    fc.assert(
      fc.property(fc.array(decl, { minLength: 1, maxLength: 12 }), (decls) => {
        const source = decls
          .map(([n, t, v, indent], i) => `${" ".repeat(indent)}const ${n}${i}: ${t} = ${v} as ${t};`)
          .join("\n");
        const r = stripTypeScript(source);
        if (!r.ok) return false;
        const words = (line: string): string => line.replace(/;/g, " ").replace(/\s+/g, " ").trim();
        return (
          isStrippedFrom(source, r.code) &&
          r.code.split("\n").every((line, i) => {
            const [n, , v, indent] = decls[i] ?? [];
            // The declaration stays where it was, and only the types are gone.
            return line.startsWith(`${" ".repeat(indent ?? 0)}const `) && words(line) === `const ${n}${i} = ${v}`;
          })
        );
      }),
    );
  });
});

const RESERVED = new Set(["do", "if", "in", "for", "let", "new", "try", "var", "case", "else", "enum", "void", "with"]);

describe("locateReport", () => {
  it("reads the caret under the numbered line, and says 1:1 without a frame", () => {
    const report = "  x Bad thing\n   ,-[3:1]\n 2 | a\n 3 |   enum E\n   :   ^^^^\n   `----\n";
    expect(locateReport(report)).toEqual({ line: 3, column: 3, message: "Bad thing" });
    expect(locateReport("  x failed to parse")).toEqual({ line: 1, column: 1, message: "failed to parse" });
  });
});
