import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";

/**
 * Vitest setup file of the `unit` project: starting a process there throws, so a test that
 * spawns one (even through robokit's own code) fails instead of slowing the fast loop. Such a
 * test belongs to the `slow` project (test/support/testProjects.ts says which files go there).
 */
const SPAWNERS = ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const;

for (const name of SPAWNERS) {
  Object.defineProperty(childProcess, name, {
    configurable: true,
    writable: true,
    value: (command: unknown) => {
      throw new Error(
        `child_process.${name}(${JSON.stringify(command)}) in a unit test: tests that start processes belong to the slow project (see test/support/testProjects.ts)`,
      );
    },
  });
}
syncBuiltinESMExports();
