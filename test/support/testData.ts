// Where the tests' data lives. Everything a test reads is in the repository (test/data, with its
// licenses and MANIFEST); only the reference Python tools (other projects' code, which the project
// runs but never copies) come from outside, named by ROBOKIT_REFERENCE_PYTHON.
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
 * the folder named by `ROBOKIT_REFERENCE_PYTHON` (it holds the `xacro`, `launch` and `launch_ros`
 * packages; .ci/run sets it); undefined when unset or without `xacro`, and then the tests that run
 * them skip loudly (their cached results are still checked).
 */
export const referencePython: string | undefined = [process.env["ROBOKIT_REFERENCE_PYTHON"]].find(
  (p): p is string => p !== undefined && p !== "" && existsSync(join(p, "xacro")),
);

/**
 * True when the reference Python tools are here; otherwise says loudly that `what` is skipped.
 * Not a CI failure: they are other projects' code that a clean clone cannot hold (see {@link referencePython}).
 */
export function haveReferencePython(what: string): boolean {
  if (referencePython !== undefined) return true;
  process.stderr.write(
    `\n*** SKIPPED: ${what}: the reference Python tools are not installed: set ROBOKIT_REFERENCE_PYTHON to the folder holding xacro, launch and launch_ros ***\n\n`,
  );
  return false;
}
