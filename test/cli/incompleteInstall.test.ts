import { spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { linkTree, RUN_TREE } from "../support/linkTree.js";

const clone = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dir = mkdtempSync(join(tmpdir(), "robokit-incomplete-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the tree robokit runs from, without `left`, its packages linked. */
function treeWithout(left: string): string {
  const copy = join(dir, `without-${left}`);
  linkTree(
    clone,
    copy,
    RUN_TREE.filter((e) => e !== left),
  );
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
