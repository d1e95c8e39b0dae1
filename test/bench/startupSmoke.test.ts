import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { STARTUP_COMMANDS } from "../../bench/support/startupCommands.js";
import { haveTool } from "../support/tools.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "dist", "src", "bundle", "main.js");

/** The cells of each markdown table row under a `## heading`. */
function tableRows(text: string, heading: string): string[][] {
  const section = text.split(/^## /m).find((s) => s.startsWith(heading));
  expect(section, heading).toBeDefined();
  return section!
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| ---"))
    .slice(1)
    .map((l) => l.slice(2, -2).split(" | "));
}

const seconds = /^\d+\.\d{3}$/;

// Smoke run of the comparing benchmark (bench/startup.bench.ts): tiny sizes, one run each. It
// checks that every figure was produced and the report is well formed; it does not judge speed.
describe.skipIf(!existsSync(bin))("npm run bench (smoke: ROBOKIT_BENCH_SMOKE=1)", () => {
  it("writes a well-formed report with every command, size, batch and target", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", join(root, "bench", "run.ts"), "startup"], {
      cwd: root,
      encoding: "utf8",
      timeout: 300_000,
      env: { ...process.env, ROBOKIT_BENCH_SMOKE: "1" },
    });
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(join(root, "bench", "results", "tmp", "RESULTS.smoke.md"), "utf8");
    const ign = haveTool("ign", "the comparing benchmark's SDF reference");
    const checkUrdf = haveTool("check_urdf", "the comparing benchmark's URDF reference");

    const startup = tableRows(text, "Start-up");
    expect(startup.map((c) => c[0])).toEqual(["`node -e 0`", ...STARTUP_COMMANDS.map((c) => `\`${c.label}\``)]);
    for (const c of startup.slice(1)) {
      expect(c[1], c[0]).toMatch(seconds);
      expect(c[2], c[0]).toMatch(/^\d+\.\d\d×$/);
      expect(c[3], c[0]).toMatch(/^\d+\.\d\d×$/);
      expect(c[8], c[0]).toMatch(/^(met|not met)$/);
    }

    const commands = tableRows(text, "Commands");
    expect(commands.map((c) => c[0]!.slice(0, 24))).toEqual([
      "`node -e 0` (bare node)",
      "`robokit --version`",
      "`robokit build mario` (a",
      "`robokit validate` small",
      "`robokit validate` small",
    ]);
    for (const c of commands) {
      expect(c[1], c[0]).toMatch(seconds);
      expect(Number(c[2]), c[0]).toBeGreaterThan(10);
      expect(c[7], c[0]).toMatch(/^\d+\.\d\d×$/);
    }
    if (ign) expect(commands[3]![4]).toMatch(seconds);
    if (checkUrdf) expect(commands[4]![4]).toMatch(seconds);

    const sizes = tableRows(text, "Validation by size");
    expect(sizes.map((s) => `${s[0]} ${s[1]}`)).toEqual([
      "URDF 10",
      "URDF 20",
      "URDF 40",
      "SDF 10",
      "SDF 20",
      "SDF 40",
    ]);
    for (const s of sizes) {
      expect(s[2]).toMatch(seconds);
      if ((s[0] === "SDF" && ign) || (s[0] === "URDF" && checkUrdf)) expect(s[5]).toMatch(seconds);
    }
    expect(text).toMatch(/Growth per 10× links .*robokit URDF \d+\.\d\d×, \d+\.\d\d×, SDF \d+\.\d\d×, \d+\.\d\d×/);

    const batch = tableRows(text, "Batch");
    expect(batch).toHaveLength(1);
    expect(batch[0]![0]).toMatch(/^\d+ files \(\d+ URDF, \d+ SDF\)$/);
    expect(batch[0]![1]).toMatch(seconds);

    const targets = tableRows(text, "Targets");
    expect(targets.length).toBeGreaterThanOrEqual(5);
    for (const t of targets) expect(t[2]).toMatch(/^(met|not met)$/);
  }, 300_000);
});
