import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";

import { describe, expect, it } from "vitest";

const repoRoot = join(import.meta.dirname, "..");
const posix = (path: string): string => path.split(sep).join("/");

/** Files below `dir` (repository-relative) whose names match `name`, skipping generated and third-party folders. */
function filesUnder(dir: string, name: RegExp): string[] {
  const found: string[] = [];
  const walk = (abs: string): void => {
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      const rel = posix(relative(repoRoot, path));
      if (["node_modules", "dist", "docs/api", "test/data"].includes(rel) || entry.name.startsWith(".")) continue;
      if (entry.isDirectory()) walk(path);
      else if (name.test(entry.name)) found.push(rel);
    }
  };
  walk(join(repoRoot, dir));
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor a Markdown file defines: its headings (outside code blocks, repeats numbered) and `id`/`name` attributes. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading !== null) {
      const base = headingSlug(heading[1] ?? "");
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(m[1] ?? "");
  }
  return anchors;
}

/** Why a pointer from `from` to `target` (a path relative to `base`, maybe with `#anchor`) does not resolve, or undefined. */
function brokenPointer(from: string, base: string, target: string): string | undefined {
  const [path = "", anchor] = target.split("#", 2);
  const file = path === "" ? from : posix(normalize(join(base, path)));
  if (!existsSync(join(repoRoot, file))) return `${from}: ${target}: no file ${file}`;
  if (anchor === undefined || anchor === "" || !file.endsWith(".md")) return undefined;
  const anchors = anchorsOf(readFileSync(join(repoRoot, file), "utf8"));
  return anchors.has(anchor) ? undefined : `${from}: ${target}: ${file} has no heading #${anchor}`;
}

const MARKDOWN = [
  ...["README.md", "CONTRIBUTING.md", "CHANGELOG.md"],
  ...["docs", "examples", "src", "bench", "scenarios"].flatMap((d) => filesUnder(d, /\.md$/)),
];
const SOURCES = ["src", "scripts"]
  .flatMap((d) => filesUnder(d, /\.(?:ts|mjs)$/))
  .filter((f) => !f.endsWith(".test.ts"));

describe("pointers into the documentation resolve", () => {
  it("every relative Markdown link names a file that exists, and a heading it has", () => {
    const broken: string[] = [];
    for (const file of MARKDOWN) {
      const text = readFileSync(join(repoRoot, file), "utf8").replace(/```[\s\S]*?```/g, "");
      for (const m of text.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
        const target = m[1] ?? "";
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || /^(?:\.\/)?(?:docs\/)?api\//.test(target)) continue;
        const why = brokenPointer(file, dirname(file), target);
        if (why !== undefined) broken.push(why);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every docs/… or README.md#… pointer in the sources' messages and comments resolves", () => {
    const broken: string[] = [];
    let pointers = 0;
    for (const file of SOURCES) {
      const text = readFileSync(join(repoRoot, file), "utf8");
      for (const m of text.matchAll(/\b((?:docs\/[\w./-]+\.md|README\.md|CONTRIBUTING\.md)(?:#[\w-]+)?)/g)) {
        pointers++;
        const why = brokenPointer(file, ".", m[1] ?? "");
        if (why !== undefined) broken.push(why);
      }
    }
    expect(pointers).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });

  it("no message or comment points at a README section that moved to docs/", () => {
    const stale: string[] = [];
    for (const file of SOURCES) {
      readFileSync(join(repoRoot, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (
            /README[ ,]+(?:section|SECURITY|Security|")|see (?:the [\w ]+ in )?README\b(?!\.md#)|\(README[,)]|in README\b/.test(
              line,
            )
          )
            stale.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(stale).toEqual([]);
  });

  it("slugs headings as GitHub does", () => {
    expect(headingSlug("MJCF choices (`src/emit/mjcf/mjcfPhysics.ts`)")).toBe("mjcf-choices-srcemitmjcfmjcfphysicsts");
    expect([...anchorsOf("# A\n## Limits\n```\n# not\n```\n## Limits\n")]).toEqual(["a", "limits", "limits-1"]);
  });
});
