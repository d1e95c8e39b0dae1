import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

const clone = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dir = mkdtempSync(join(tmpdir(), "robokit-incomplete-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the tree robokit runs from, without `left`: hard links (a copy across file systems), its packages linked. */
function treeWithout(left: string): string {
  const copy = join(dir, `without-${left}`);
  mkdirSync(copy);
  for (const entry of [
    "package.json",
    "tsconfig.json",
    "src",
    "examples",
    "schemas",
    "templates",
    "data",
    "scenarios",
  ]) {
    if (entry === left) continue;
    const from = realpathSync(join(clone, entry));
    const linked = spawnSync("cp", ["-al", from, join(copy, entry)]);
    if (linked.status !== 0) cpSync(from, join(copy, entry), { recursive: true });
  }
  symlinkSync(realpathSync(join(clone, "node_modules")), join(copy, "node_modules"));
  return copy;
}

describe("an installation that lacks a file robokit ships", () => {
  it("is exit 3 naming the missing file, not a robokit bug", () => {
    const root = treeWithout("data");
    const tsx = pathToFileURL(createRequire(join(clone, "package.json")).resolve("tsx")).href;
    const r = spawnSync(
      process.execPath,
      [
        "--import",
        tsx,
        join(root, "src", "cli", "main.ts"),
        "build",
        join(root, "examples", "pantilt", "pantilt.yaml"),
        "-o",
        join(dir, "out"),
      ],
      { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_NO_WARNINGS: "1" } },
    );
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(
      /^robokit: robokit's installation is incomplete: data\/controller-definitions\/\w+\.json is missing; reinstall robokit/,
    );
    expect(r.stderr).not.toContain("robokit bug");
  });
});
