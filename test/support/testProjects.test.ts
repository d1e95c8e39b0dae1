import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

import { describe, expect, it } from "vitest";

import { ALONE_TEST_SOURCE, isSlowTestSource, slowSupportModules, testProjects } from "./testProjects.js";

const repoRoot = resolve(import.meta.dirname, "..", "..");

describe("the unit, slow and alone vitest projects", () => {
  it("a unit test that starts a process fails, naming the slow project", async () => {
    // Loaded by name at run time so that this file itself stays a unit test.
    const childProcess = await import(["node", "child_process"].join(":"));
    expect(() => childProcess.spawnSync("node", ["--version"])).toThrow(/belong to the slow project/);
    expect(() => childProcess.execFileSync("true")).toThrow(/belong to the slow project/);
  });

  it("sends files that spawn, browse, simulate or say @slow to slow, and the rest to unit", () => {
    const { unit, slow } = testProjects(repoRoot);
    expect(unit).toContain("test/support/testProjects.test.ts");
    expect(slow).toEqual(expect.arrayContaining(["test/cli/cli.test.ts", "test/view/view.browser.test.ts"]));
    // A helper that spawns makes its importers slow: runCliProcess starts the CLI as a child.
    expect(slowSupportModules(repoRoot)).toContain("runCliProcess");
    expect(slowSupportModules(repoRoot)).not.toContain("runCliInProcess");
    expect(new Set([...unit, ...slow]).size).toBe(unit.length + slow.length);
    for (const file of unit) {
      expect(isSlowTestSource(readFileSync(join(repoRoot, file), "utf8")), file).toBe(false);
    }
    expect(isSlowTestSource(`import { spawnSync } from "node:${"child_process"}";`)).toBe(true);
    expect(isSlowTestSource("// @slow: a corpus\nimport x from 'y';")).toBe(true);
    expect(isSlowTestSource("import { it } from 'vitest';\n// @slow: not on the first line")).toBe(false);
  });

  it("sends files that say @alone on their first line to alone, and to no other project", () => {
    const { unit, slow, alone } = testProjects(repoRoot);
    expect(alone).toEqual(
      expect.arrayContaining(["test/bench/startupBudget.test.ts", "test/bench/tsModuleBudget.test.ts"]),
    );
    expect(alone.filter((file) => unit.includes(file) || slow.includes(file))).toEqual([]);
    for (const file of alone) expect(readFileSync(join(repoRoot, file), "utf8"), file).toMatch(ALONE_TEST_SOURCE);
    expect(ALONE_TEST_SOURCE.test("import x from 'y';\n// @alone: not on the first line")).toBe(false);
  });
});
