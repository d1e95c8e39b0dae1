import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterEach, describe, expect, it } from "vitest";

import { wasmMemoryProblem } from "../../src/sim/mujoco/wasmMemoryProblem.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bundle = join(root, "dist", "src", "bundle", "robokit.cjs");
/** The global WebAssembly object (the DOM library that types it as a value is not loaded). */
const wasm = (globalThis as unknown as { WebAssembly: { Memory: unknown } }).WebAssembly;
const realMemory = wasm.Memory;
afterEach(() => {
  wasm.Memory = realMemory;
});

/** WebAssembly as a virtual-memory limit leaves it: no memory can be reserved. */
function refuseWasmMemory(): void {
  wasm.Memory = function Memory() {
    throw new RangeError("WebAssembly.Memory(): could not allocate memory");
  };
}

describe("MuJoCo where WebAssembly cannot reserve its memory (ulimit -v)", () => {
  it("is said in one line naming the limit, exit 1, before any run or sweep starts", async () => {
    expect(wasmMemoryProblem()).toBeUndefined();
    refuseWasmMemory();
    expect(wasmMemoryProblem()).toMatch(/ulimit -v/);
    for (const extra of [[], ["--runs", "2"]]) {
      const run = await runCliInProcess(["sim", "mario", "--scenario", "paper", "--duration", "0.1", ...extra]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^robokit: MuJoCo cannot run: WebAssembly could not reserve its memory .*ulimit -v/);
      expect(run.stderr).not.toContain("internal error");
    }
  });

  it("the built CLI under ulimit -v 8000000 exits 1 at once (it said internal error and hung)", () => {
    if (!existsSync(bundle)) {
      if (process.env["CI"] === "true") throw new Error(`${bundle} is missing in CI; npm test must build first`);
      process.stderr.write(`\n*** SKIPPED: ulimit -v run of the built CLI: ${bundle} is not built ***\n\n`);
      return;
    }
    const out = mkdtempSync(join(tmpdir(), "robokit-ulimit-"));
    try {
      const r = spawnSync(
        "sh",
        [
          "-c",
          `ulimit -v 8000000 && exec "${process.execPath}" "${bundle}" sim mario --scenario paper --duration 0.1 --out "${out}/o"`,
        ],
        { encoding: "utf8", timeout: 60_000 },
      );
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/MuJoCo cannot run: .*ulimit -v/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
