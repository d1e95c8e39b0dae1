import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * What sends a test file to the `slow` project: it starts processes (directly, through the CLI
 * as a child, or through the reference tools), loads a browser, runs a simulator (MuJoCo's
 * WebAssembly build, DART), type-checks generated code with the TypeScript compiler, or says
 * why it is heavy in a first line `// @slow: <reason>` (inputs of millions of elements, whole
 * corpora), replaces modules with `vi.mock` (that needs a module graph of its own, and the unit
 * project's files share one), or imports a test/support helper that does one of these ({@link slowSupportModules}).
 * Every other test file is a pure `unit` test: `npm run test:unit` runs those alone.
 */
export const SLOW_TEST_SOURCE =
  /^\/\/ @slow: |\bvi\.(?:do)?[mM]ock\(|from "node:child_process"|support\/(?:tools|runCliProcess|runGeneratedModule|typeCheckModules)\.js"|\breferencePython\b|\bloadMujoco\b|from "mujoco-js"|\blaunchChromium\b|DartSession|from "typescript"/;

/**
 * What sends a test file to the `alone` project, which runs after every other test, one file at
 * a time: a first line `// @alone: <reason>`. For tests that time whole processes against each
 * other (start-up budgets): other tests' load on the machine would skew their ratios.
 */
export const ALONE_TEST_SOURCE = /^\/\/ @alone: /;

/** The folders (relative to the repository root) that hold test files. */
export const TEST_ROOTS = ["src", "test", "examples"] as const;

/** Whether a test file's source makes it a slow test (see {@link SLOW_TEST_SOURCE}). */
export function isSlowTestSource(source: string): boolean {
  return SLOW_TEST_SOURCE.test(source);
}

/** Every `*.test.ts` under {@link TEST_ROOTS}, as repository-relative POSIX paths, sorted. */
export function listTestFiles(repoRoot: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".test.ts")) found.push(relative(repoRoot, path).split(sep).join("/"));
    }
  };
  for (const root of TEST_ROOTS) walk(join(repoRoot, root));
  return found.sort();
}

/**
 * The helpers in test/support that are slow themselves (they start processes, …): a test that
 * imports one is slow too, whichever helper it is (`lspClient.js`, `runCliProcess.js`, …).
 */
export function slowSupportModules(repoRoot: string): Set<string> {
  const dir = join(repoRoot, "test", "support");
  const names = readdirSync(dir).filter((f) => /\.(?:ts|mts)$/.test(f) && !f.endsWith(".test.ts"));
  return new Set(
    names.filter((f) => isSlowTestSource(readFileSync(join(dir, f), "utf8"))).map((f) => f.replace(/\.m?ts$/, "")),
  );
}

/** The test files split into the `unit`, `slow` and `alone` vitest projects. */
export function testProjects(repoRoot: string): { unit: string[]; slow: string[]; alone: string[] } {
  const slowSupport = slowSupportModules(repoRoot);
  const importsSlowSupport = (source: string): boolean =>
    [...source.matchAll(/support\/([\w-]+)\.m?js"/g)].some((m) => slowSupport.has(m[1] ?? ""));
  const unit: string[] = [];
  const slow: string[] = [];
  const alone: string[] = [];
  for (const file of listTestFiles(repoRoot)) {
    const source = readFileSync(join(repoRoot, file), "utf8");
    if (ALONE_TEST_SOURCE.test(source)) alone.push(file);
    else (isSlowTestSource(source) || importsSlowSupport(source) ? slow : unit).push(file);
  }
  return { unit, slow, alone };
}
