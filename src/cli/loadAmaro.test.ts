import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { loadAmaro } from "./loadAmaro.js";

describe("loadAmaro", () => {
  it("loads the installed amaro, which strips types as require('amaro') does", () => {
    const source = "const a: number = 1;\ninterface P { x: number }\nexport const b = a as number;\n";
    const required = createRequire(import.meta.url)("amaro") as ReturnType<typeof loadAmaro>;
    const expected = required.transformSync(source, { mode: "strip-only" }).code;
    expect(loadAmaro().transformSync(source, { mode: "strip-only" }).code).toBe(expected);
    expect(expected).toBe(`const a         = 1;\n${" ".repeat(25)}\nexport const b = a          ;\n`);
  });

  it("requires a bundle without its one WebAssembly literal as usual", () => {
    const dir = mkdtempSync(join(tmpdir(), "robokit-amaro-"));
    const file = join(dir, "index.js");
    writeFileSync(file, 'exports.transformSync = (source) => ({ code: "plain " + source });\n');
    expect(loadAmaro(file).transformSync("x", { mode: "strip-only" }).code).toBe("plain x");
  });
});
