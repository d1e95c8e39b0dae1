// Where the tests' data lives. Everything a test reads is in the repository (test/data, with its
// licenses and MANIFEST); only the reference Python tools (other projects' code, which the project
// runs but never copies) are looked for beside the clone.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository root. */
export const repoRoot = resolve(import.meta.dirname, "..", "..");
/** Public robot files with reference verdicts (test/data/realworld/README.md). */
export const realworldRoot = join(repoRoot, "test", "data", "realworld");
/** SDFormat spec 1.0–1.12 and libsdformat's test corpus with verdicts (test/data/sdformat/README.md). */
export const sdformatRoot = join(repoRoot, "test", "data", "sdformat");
/** The SDF spec files, one folder per version. */
export const sdfSpecRoot = join(sdformatRoot, "spec");

/**
 * The reference xacro and ROS 2 launch (pure Python, not redistributed with robokit):
 * `ROBOKIT_REFERENCE_PYTHON`, else `../shared/vendor/python` beside the clone; undefined when
 * neither exists, and then the tests that run them skip loudly (their cached results are still checked).
 */
export const referencePython: string | undefined = [
  process.env["ROBOKIT_REFERENCE_PYTHON"],
  resolve(repoRoot, "..", "shared", "vendor", "python"),
].find((p): p is string => p !== undefined && p !== "" && existsSync(join(p, "xacro")));

/**
 * True when the reference Python tools are here; otherwise says loudly that `what` is skipped.
 * Not a CI failure: they are other projects' code that a clean clone cannot hold (see {@link referencePython}).
 */
export function haveReferencePython(what: string): boolean {
  if (referencePython !== undefined) return true;
  process.stderr.write(
    `\n*** SKIPPED: ${what}: the reference Python tools (ROBOKIT_REFERENCE_PYTHON or ../shared/vendor/python) are not beside the clone ***\n\n`,
  );
  return false;
}
