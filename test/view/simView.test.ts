import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

const CLI = join(import.meta.dirname, "../../dist/src/cli/main.js");
const dir = mkdtempSync(join(tmpdir(), "robokit-sim-view-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("robokit sim --view", () => {
  it("runs the scenario, then serves the viewer with the run's trace (as view --trace does); Ctrl+C stops it", async () => {
    const out = join(dir, "run");
    const child = spawn(
      process.execPath,
      [CLI, "sim", "mario", "-s", "paper", "--duration", "0.3", "--out", out, "--view"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const url = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`no address printed\n${stdout}\n${stderr}`)), 90_000);
      child.stdout.on("data", (d: Buffer) => {
        stdout += d.toString();
        const m = /robokit view: (http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{43}\/)/.exec(stdout);
        if (m?.[1] !== undefined) clearTimeout(timer), ok(m[1]);
      });
      child.on("exit", (code) => fail(new Error(`exited ${code} before serving\n${stdout}\n${stderr}`)));
    });
    try {
      expect(stdout).toContain(`wrote 6 files to ${out}`);
      const scene = (await (await fetch(`${url}api/scene`)).json()) as {
        name: string;
        trace: { columns: string[]; data: number[][] } | null;
      };
      expect(scene.name).toBe("mario");
      expect(scene.trace).not.toBeNull();
      // 0.3 s at the scenario's 100 Hz: the trace the run just wrote.
      const t = scene.trace?.data[scene.trace.columns.indexOf("time")] ?? [];
      expect(t.length).toBeGreaterThanOrEqual(30);
      expect(t.at(-1)).toBeCloseTo(0.3, 1);
    } finally {
      const exited = new Promise((r) => child.on("exit", r));
      child.kill("SIGINT");
      await exited;
    }
    expect(child.exitCode ?? 0).toBe(0);
  }, 120_000);
});
