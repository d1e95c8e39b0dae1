import { describe, expect, it } from "vitest";

import { STRIP_ERROR_CODE } from "./moduleHooks.js";
import { firstDecorator, moduleSyntaxError } from "./moduleSyntaxError.js";

describe("firstDecorator", () => {
  it("finds the first @ outside strings, templates and comments", () => {
    const source = [
      'const s = "@not";',
      "// @not either",
      "/* @nor\n @this */ const t = `a @b",
      "c`;",
      "  @sealed",
      "class A {}",
    ].join("\n");
    expect(firstDecorator(source)).toEqual({ line: 6, column: 3 });
    expect(firstDecorator("const a = '@';\n")).toBeUndefined();
  });
});

describe("moduleSyntaxError", () => {
  it("turns a stripping error into MODULE_SYNTAX_ERROR at its place, and leaves other errors alone", () => {
    const error = Object.assign(new Error("x"), {
      code: STRIP_ERROR_CODE,
      file: "/m/robot.ts",
      line: 2,
      column: 3,
      reason: "TypeScript enum is not supported in strip-only mode",
    });
    const d = moduleSyntaxError(error, "file:///m/robot.ts");
    expect(d).toMatchObject({
      code: "MODULE_SYNTAX_ERROR",
      severity: "error",
      file: "/m/robot.ts",
      line: 2,
      column: 3,
    });
    expect(d?.message).toMatch(/^TypeScript enum is not supported .*robokit only strips the types/);
    expect(moduleSyntaxError(new Error("Cannot find module"), "file:///m/robot.ts")).toBeUndefined();
    expect(moduleSyntaxError(new SyntaxError("Unexpected token"), "file:///m/robot.mjs")).toBeUndefined();
  });
});
