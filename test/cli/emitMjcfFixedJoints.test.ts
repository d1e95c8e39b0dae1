import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { runCliInProcess } from "../support/runCliInProcess.js";
import { repoRoot } from "../support/testData.js";

const dir = join(repoRoot, "tmp", "emit-mjcf-fixed-joints");
const inertial = { mass: 1, inertia: { ixx: 0.01, ixy: 0, ixz: 0, iyy: 0.01, iyz: 0, izz: 0.01 } };
const robot = {
  name: "arm",
  links: [
    { name: "base", inertial },
    { name: "arm", inertial },
    { name: "tool", inertial },
  ],
  joints: [
    {
      name: "j1",
      type: "revolute",
      parent: "base",
      child: "arm",
      axis: [0, 0, 1],
      limit: { lower: -1, upper: 1, effort: 1, velocity: 1 },
    },
    { name: "t", type: "fixed", parent: "arm", child: "tool", origin: { xyz: [0, 0, 0.3], rpy: [0, 0, 0] } },
  ],
};

describe("robokit emit -f mjcf --fixed-joints", () => {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "arm.json");
  writeFileSync(file, JSON.stringify(robot));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("welds by default and merges on request, with the composite inertial", async () => {
    const welded = await runCliInProcess(["emit", file, "-f", "mjcf"]);
    expect(welded.code, welded.stderr).toBe(0);
    expect(welded.stdout).toContain('<body name="tool" pos="0 0 0.3">');
    const merged = await runCliInProcess(["emit", file, "-f", "mjcf", "--fixed-joints", "merge"]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).not.toContain('<body name="tool"');
    expect(merged.stdout).toContain('<site name="tool" pos="0 0 0.3" size="0.005"/>');
    // 2 kg with the centre of mass halfway to the tool.
    expect(merged.stdout).toMatch(/<inertial pos="0 0 0.15" mass="2" /);
  });

  it("is a usage error with another format or an unknown mode (exit 2)", async () => {
    expect((await runCliInProcess(["emit", file, "-f", "urdf", "--fixed-joints", "merge"])).code).toBe(2);
    expect((await runCliInProcess(["emit", file, "-f", "mjcf", "--fixed-joints", "lump"])).code).toBe(2);
  });
});
