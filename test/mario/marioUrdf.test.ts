import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import loadMujoco from "mujoco-js";
import { beforeAll, describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { linkPoses } from "../../src/model/linkPoses.js";
import { wheelLayout } from "../../src/model/wheelLayout.js";
import { expectGolden } from "../support/golden.js";
import { haveTool, runTool } from "../support/tools.js";

let dir: string;
let urdfPath: string;
const urdf = emitUrdf(mario);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "robokit-mario-"));
  urdfPath = join(dir, "mario.urdf");
  writeFileSync(urdfPath, urdf);
});

describe("MARIO URDF", () => {
  it("matches the golden file byte for byte", () => {
    expectGolden("mario/mario.urdf", urdf);
  });

  it("is deterministic", () => {
    expect(emitUrdf(mario)).toBe(urdf);
  });

  it("has the paper's structure: base_footprint → base_link, 4 servos, 4 motors, 3 sensor links", () => {
    const joints = mario.joints ?? [];
    expect(joints.filter((j) => j.type === "revolute").map((j) => j.name)).toEqual([
      "servo1",
      "servo2",
      "servo3",
      "servo4",
    ]);
    expect(joints.filter((j) => j.type === "continuous").map((j) => j.name)).toEqual([
      "motor1",
      "motor2",
      "motor3",
      "motor4",
    ]);
    for (const j of joints.filter((x) => x.type === "continuous")) {
      expect(j.type === "continuous" && j.limit).toEqual({ effort: 30, velocity: 2 });
    }
    const poses = linkPoses(mario);
    const base = poses.get("base_link")!;
    const imu = poses.get("imu_link")!;
    expect(imu.xyz.map((v, i) => v - base.xyz[i]!)).toEqual([-0.16, -0.05, 0.51].map((v) => expect.closeTo(v, 12)));
    expect(urdf).toContain('<box size="0.08 0.05 0.03"/>');
    expect(urdf).toContain('<box size="0.52 0.52 0.33"/>');
  });

  it("puts every wheel on the ground plane of base_footprint (z = radius)", () => {
    const poses = linkPoses(mario);
    const layout = wheelLayout(mario);
    if (layout.type !== "steered") throw new Error("MARIO must declare a steered drive");
    expect(layout.modules).toHaveLength(4);
    for (const m of layout.modules) {
      const wheelLink = mario.joints!.find((j) => j.name === m.wheelJoint)!.child;
      expect(poses.get(wheelLink)!.xyz[2]).toBeCloseTo(m.radius, 12);
      expect(m.wheelDirection).toBe(1);
    }
  });

  it("passes check_urdf", () => {
    if (!haveTool("check_urdf", "check_urdf (liburdfdom-tools) cross-check of the MARIO URDF")) return;
    const run = runTool("check_urdf", [urdfPath]);
    expect(run.stderr + run.stdout).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("root Link: base_footprint");
  });

  it("passes ign sdf -k (libsdformat, Gazebo's parser)", () => {
    if (!haveTool("ign", "ign sdf -k (libsdformat 12) cross-check of the MARIO URDF")) return;
    const run = runTool("ign", ["sdf", "-k", urdfPath]);
    expect(run.stdout).toContain("Valid.");
    expect(run.status).toBe(0);
  });

  it("loads in MuJoCo (mujoco-js) with the expected bodies and joints", async () => {
    const mj = await loadMujoco();
    mj.FS.mkdir("/mario");
    mj.FS.writeFile("/mario/mario.urdf", urdf);
    const model = mj.MjModel.loadFromXML("/mario/mario.urdf");
    expect(model).not.toBeNull();
    // MuJoCo welds the root to the world and fuses fixed-joint links into their parents:
    // one body per non-fixed joint, plus the world body.
    const moving = (mario.joints ?? []).filter((j) => j.type !== "fixed");
    expect(model.njnt).toBe(moving.length);
    expect(model.nbody).toBe(moving.length + 1);
    model.delete();
  });
});
