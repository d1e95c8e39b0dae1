import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";

/** What robokit reads at run time from a clone (package.json "files"), besides its packages. */
export const RUN_TREE = [
  "package.json",
  "tsconfig.json",
  "src",
  "examples",
  "schemas",
  "templates",
  "data",
  "scenarios",
] as const;

/**
 * Makes `copy` a tree of `entries` of the clone at `from`, as hard links to its files (same
 * inodes, nothing copied), or a real copy where `copy` is on another file system.
 */
export function linkTree(from: string, copy: string, entries: readonly string[]): void {
  mkdirSync(copy, { recursive: true });
  for (const entry of entries) {
    const source = realpathSync(join(from, entry));
    const linked = spawnSync("cp", ["-al", source, join(copy, entry)]);
    if (linked.status !== 0) cpSync(source, join(copy, entry), { recursive: true, verbatimSymlinks: true });
  }
}
