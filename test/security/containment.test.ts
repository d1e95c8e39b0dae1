import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { runCliProcess } from "../support/runCliProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-contain-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("containment: names from documents never become paths outside the output folder", () => {
  it("sim without --out refuses a scenario name that climbs out of out/sim (exit 1, nothing written)", () => {
    const work = join(dir, "a", "b", "c", "work");
    mkdirSync(work, { recursive: true });
    const escapeDir = join(dir, "escaped");
    // out/sim/mario/<name>: four levels up from work/out/sim/mario reaches dir/a.
    const name = "../../../../../../../escaped";
    writeFileSync(
      join(work, "s.yaml"),
      `name: "${name}"\nrobot: mario\nprofile:\n  type: commands\n  points:\n    - { t: 0 }\n    - { t: 0.2, vx: 0.1 }\n`,
    );
    const r = runCliProcess(["sim", "mario", "-s", "s.yaml", "--duration", "0.1"], work);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/scenario name "\.\.\/.*cannot name a folder/);
    expect(r.stderr).toContain("NAME_UNSAFE_FOR_PATH");
    expect(existsSync(escapeDir)).toBe(false);
    expect(existsSync(join(work, "out"))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(["a"]);
  });

  it("sim without --out refuses a robot document whose name holds a separator", () => {
    const work = join(dir, "w2");
    mkdirSync(work, { recursive: true });
    const robot = `name: "../../up"\nlinks:\n  - name: base\n    inertial: { mass: 1, inertia: { ixx: 0.1, ixy: 0, ixz: 0, iyy: 0.1, iyz: 0, izz: 0.1 } }\n`;
    writeFileSync(join(work, "r.yaml"), robot);
    writeFileSync(join(work, "s.yaml"), `name: s\nprofile:\n  type: commands\n  points:\n    - { t: 0 }\n`);
    const r = runCliProcess(["sim", "r.yaml", "-s", "s.yaml", "--duration", "0.1"], work);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/"\.\.\/\.\.\/up"/);
    expect(existsSync(join(dir, "up"))).toBe(false);
    expect(existsSync(join(work, "out"))).toBe(false);
  });
});
