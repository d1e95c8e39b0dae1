import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

import { describe, expect, it } from "vitest";

const repoRoot = join(import.meta.dirname, "..");

/**
 * Words a stranger cannot follow: a tracker nobody outside can see, a folder beside the clone
 * that a clone does not have, the internal names of the papers (cite them by their authors),
 * and the project's internal briefing. Built from parts so this file does not match itself.
 */
const LEAKS: readonly [RegExp, string][] = [
  [
    new RegExp(`\\b${"seed"} 00\\d\\b`, "i"),
    "cite the paper by its authors (Sharifi et al. 2018; Damić and Čohodar Husić 2025)",
  ],
  [new RegExp(`\\b${"seed"} (?:eqs?\\.|§|Fig\\.|Table|section)`, "i"), "cite the paper by its authors"],
  [new RegExp(`\\b${"issue"} \\d+\\b`, "i"), "say what the code does, not which tracker item asked for it"],
  [
    new RegExp(`\\.\\./${"shared"}\\b`),
    "a clone has no sibling folders; take optional tools from an environment variable",
  ],
  [new RegExp(`${"founding"} engineers`, "i"), "speak to contributors"],
];

/** Third-party data (its own words), generated API docs, and the CI script, which alone may name the folder beside the clone. */
const SKIP = new Set(["node_modules", ".git", "dist", "out", "tmp", "test/data", "docs/api"]);
const ALLOWED: Readonly<Record<string, RegExp>> = { ".ci/run": LEAKS[3]?.[0] ?? /$^/ };
const TEXT =
  /\.(?:ts|mts|cts|js|mjs|cjs|json|md|ya?ml|py|sh|rb|cc|c|h|html|css|hbs|txt|tsv|xml|urdf|sdf|xacro)$|^(?:run|LICENSE|NOTICE)$/;

function shippedAndContributorFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(repoRoot, path).split(sep).join("/");
      if (SKIP.has(rel) || SKIP.has(entry.name)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && TEXT.test(entry.name)) files.push(rel);
    }
  };
  walk(repoRoot);
  return files;
}

describe("shipped and contributor-facing files speak to strangers", () => {
  it("name no internal tracker, seed document, sibling folder or briefing", () => {
    const files = shippedAndContributorFiles();
    expect(files).toEqual(expect.arrayContaining(["README.md", "CONTRIBUTING.md", "src/index.ts", ".ci/run"]));
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(join(repoRoot, file), "utf8").split("\n");
      lines.forEach((line, i) => {
        for (const [pattern, fix] of LEAKS) {
          if (pattern.test(line) && ALLOWED[file] !== pattern) found.push(`${file}:${i + 1}: ${line.trim()} (${fix})`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it("the check finds each kind of leak", () => {
    const samples = [
      `a ${"seed"} 003 figure`,
      `as ${"seed"} eq. 1 says`,
      `(${"issue"} 26)`,
      `../${"shared"}/vendor`,
      `the ${"founding"} engineers`,
    ];
    samples.forEach((sample, i) => expect(LEAKS[i]?.[0].test(sample), sample).toBe(true));
    expect(LEAKS.some(([p]) => p.test("a seeded sweep of 003 runs; see docs/issues.md"))).toBe(false);
  });
});
