import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { emitMjcf } from "../../src/emit/mjcf/emitMjcf.js";
import { lowestCollisionPoint } from "../../src/emit/mjcf/lowestCollisionPoint.js";
import { mjcfNames } from "../../src/emit/mjcf/mjcfNames.js";
import { linkPoses } from "../../src/model/linkPoses.js";
import { quatFromRpy, rotationFromRpy } from "../../src/model/Pose.js";
import type { Robot } from "../../src/model/Robot.js";
import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { MjcfLoadError } from "../../src/sim/mujoco/MjcfLoadError.js";
import { MujocoSession } from "../../src/sim/mujoco/MujocoSession.js";
import { haveTool, runTool } from "../support/tools.js";

const GOLDEN = join(import.meta.dirname, "golden", "mario.xml");

/** What MuJoCo must compile from a robot: counted from the model, not from our XML. */
function expectedCounts(robot: Robot): { bodies: number; joints: number; actuators: number; sensors: number } {
  const moving = (robot.joints ?? []).filter((j) => j.type !== "fixed").length;
  const sensors = robot.links.flatMap((l) => l.sensors ?? []);
  return {
    bodies: robot.links.length + 1, // + the world body
    joints: moving + 1, // + the free joint of the root
    actuators: (robot.joints ?? []).filter((j) => j.actuator !== undefined).length,
    // IMU → gyro, accelerometer, framequat; GPS → framepos, framelinvel.
    // Range (IR) → rangefinder.
    sensors:
      sensors.filter((s) => s.type === "imu").length * 3 +
      sensors.filter((s) => s.type === "gps").length * 2 +
      sensors.filter((s) => s.type === "range").length,
  };
}

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "robokit-mjcf-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("MJCF of MARIO in mujoco-js (MuJoCo 3.x)", () => {
  it("is byte-identical across runs and matches the golden file (UPDATE_GOLDEN=1 rewrites it)", () => {
    const xml = emitMjcf(mario);
    expect(emitMjcf(mario)).toBe(xml);
    if (process.env["UPDATE_GOLDEN"] === "1") writeFileSync(GOLDEN, xml);
    expect(xml).toBe(readFileSync(GOLDEN, "utf8"));
  });

  it("compiles with one body per link, the model's joints plus a free joint, 8 actuators and the IMU/GPS channels", async () => {
    const mj = await loadMujoco();
    const s = MujocoSession.open(mj, emitMjcf(mario), "mario.xml");
    try {
      const want = expectedCounts(mario);
      // MARIO (Sharifi et al. 2018): 4 servos (position) and 4 motors (velocity), 9 physical links + sensor links.
      expect(want.actuators).toBe(8);
      expect(s.counts).toMatchObject(want);
      for (const j of mario.joints ?? []) if (j.type !== "fixed") expect(s.id("joint", j.name)).toBeGreaterThan(0);
      expect(s.id("actuator", mjcfNames.actuator("servo1", "position"))).toBeGreaterThanOrEqual(0);
      expect(s.id("actuator", mjcfNames.actuator("motor4", "velocity"))).toBeGreaterThanOrEqual(0);
      expect(s.sensorAddress(mjcfNames.sensorChannel("imu", "framequat")).dimension).toBe(4);
      const totalMass = (mario.links ?? []).reduce((m, l) => m + (l.inertial?.mass ?? 0), 0);
      expect(Array.from(s.bodyMass).reduce((a, b) => a + b, 0)).toBeCloseTo(totalMass, 9);
    } finally {
      s.dispose();
    }
  });

  it("places every body where the model's composed link poses say (positions and [w x y z] orientations)", async () => {
    const mj = await loadMujoco();
    const s = MujocoSession.open(mj, emitMjcf(mario), "mario.xml");
    try {
      s.forward();
      const lift = -(lowestCollisionPoint(mario) ?? 0);
      for (const [link, pose] of linkPoses(mario)) {
        const b = s.id("body", link);
        const xpos = Array.from(s.xpos.subarray(3 * b, 3 * b + 3));
        expect(xpos[0]).toBeCloseTo(pose.xyz[0], 9);
        expect(xpos[1]).toBeCloseTo(pose.xyz[1], 9);
        expect(xpos[2]).toBeCloseTo(pose.xyz[2] + lift, 9);
        const [x, y, z, w] = quatFromRpy(pose.rpy);
        const q = Array.from(s.xquat.subarray(4 * b, 4 * b + 4));
        const dot = Math.abs((q[0] ?? 0) * w + (q[1] ?? 0) * x + (q[2] ?? 0) * y + (q[3] ?? 0) * z);
        expect(dot).toBeCloseTo(1, 9);
      }
    } finally {
      s.dispose();
    }
  });

  it("points the stereo cameras along the sensor's +x (MJCF cameras look along their −z)", async () => {
    const mj = await loadMujoco();
    const s = MujocoSession.open(mj, emitMjcf(mario), "mario.xml");
    try {
      s.forward();
      const c = s.id("camera", mjcfNames.camera("zed", "left"));
      const m = s.camXmat.subarray(9 * c, 9 * c + 9);
      // Third column of the row-major matrix is the camera z axis in world.
      const forward = [-(m[2] ?? 0), -(m[5] ?? 0), -(m[8] ?? 0)];
      const zed = linkPoses(mario).get("zed_camera_link");
      const r = rotationFromRpy(zed?.rpy ?? [0, 0, 0]);
      expect(forward[0]).toBeCloseTo(r[0][0], 9);
      expect(forward[1]).toBeCloseTo(r[1][0], 9);
      expect(forward[2]).toBeCloseTo(r[2][0], 9);
      const up = [m[1] ?? 0, m[4] ?? 0, m[7] ?? 0];
      expect(up[2]).toBeCloseTo(1, 9);
    } finally {
      s.dispose();
    }
  });

  it("rests on the floor: after 1 s with zero commands the base has not sunk more than 2 mm or drifted", async () => {
    const mj = await loadMujoco();
    const s = MujocoSession.open(mj, emitMjcf(mario), "mario.xml");
    try {
      const z0 = s.qpos[2] ?? 0;
      s.step(Math.round(1 / s.timestep));
      expect(Math.abs((s.qpos[2] ?? 0) - z0)).toBeLessThan(0.002);
      expect(Math.hypot(s.qpos[0] ?? 0, s.qpos[1] ?? 0)).toBeLessThan(0.001);
    } finally {
      s.dispose();
    }
  });

  it("explains a refusal: a moving link without mass names the body and the line", async () => {
    const mj = await loadMujoco();
    // emitMjcf gives a massless moving body a placeholder (mjcfBodyInertials): taken out here.
    const broken = emitMjcf(mario).replace(
      /(<body name="link11"[^>]*>(?:\s*<joint[^>]*\/>)*)\s*<inertial[^>]*\/>/,
      "$1",
    );
    expect(broken).not.toBe(emitMjcf(mario));
    let error: unknown;
    try {
      MujocoSession.open(mj, broken, "broken.xml").dispose();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MjcfLoadError);
    expect((error as MjcfLoadError).message).toMatch(/broken\.xml:\d+:\d+: body "link11" moves/);
  });

  it("explains a parse error with a position", async () => {
    const mj = await loadMujoco();
    const xml = emitMjcf(mario).replace("</worldbody>", "");
    expect(() => MujocoSession.open(mj, xml, "cut.xml")).toThrow(
      /cut\.xml: MuJoCo could not parse it \(Loading error: XML parse error.*\); robokit's MJCF check found:\n {2}cut\.xml:\d+:\d+: /,
    );
  });
});

describe("MJCF of MARIO in MuJoCo 2.2.2 (Debian libmujoco)", () => {
  it("mujoco-testxml loads it without error and mujoco-compile reports the expected sizes", () => {
    if (
      !haveTool("mujoco-testxml", "MJCF check with MuJoCo 2.2.2") ||
      !haveTool("mujoco-compile", "MJCF compile with MuJoCo 2.2.2")
    )
      return;
    const file = join(dir, "mario.xml");
    writeFileSync(file, emitMjcf(mario));
    const test = runTool("mujoco-testxml", [file], { cwd: dir });
    // mujoco-testxml exits 0 even on errors; it prints "Error" or "XML Error" instead.
    expect(`${test.stdout}${test.stderr}`).not.toMatch(/error/i);
    expect(test.stdout).toMatch(/Max difference : (0|\d(\.\d+)?e-\d+)\n/);
    const txt = join(dir, "mario.txt");
    const compile = runTool("mujoco-compile", [file, txt], { cwd: dir });
    expect(`${compile.stdout}${compile.stderr}`).not.toMatch(/error/i);
    const sizes = readFileSync(txt, "utf8");
    const size = (key: string): number => Number(new RegExp(`^${key}\\s+(\\d+)`, "m").exec(sizes)?.[1]);
    const want = expectedCounts(mario);
    expect(sizes).toMatch(/MuJoCo version 2\.2\.2/);
    expect(size("nbody")).toBe(want.bodies);
    expect(size("njnt")).toBe(want.joints);
    expect(size("nu")).toBe(want.actuators);
    expect(size("nsensor")).toBe(want.sensors);
  });

  it("mujoco-testxml reports the compile error of a broken file (so the check above can fail)", () => {
    if (!haveTool("mujoco-testxml", "MJCF check with MuJoCo 2.2.2")) return;
    const file = join(dir, "broken.xml");
    writeFileSync(file, emitMjcf(mario).replace('joint="servo1"', 'joint="no_such_joint"'));
    const test = runTool("mujoco-testxml", [file], { cwd: dir });
    expect(`${test.stdout}${test.stderr}`).toMatch(/error/i);
  });
});

describe("MJCF of Robotino (omni wheels with free rollers)", () => {
  it("compiles in mujoco-js: 3 wheel velocity servos, every roller a free (unactuated) hinge, one rangefinder per IR sensor", async () => {
    const mj = await loadMujoco();
    const s = MujocoSession.open(mj, emitMjcf(robotino), "robotino.xml");
    try {
      const want = expectedCounts(robotino);
      expect(s.counts).toMatchObject(want);
      expect(want.actuators).toBe(3);
      const rollers = (robotino.joints ?? []).filter((j) => j.name.includes("roller"));
      expect(rollers.length).toBe(18);
      for (const r of rollers) {
        expect(r.actuator).toBeUndefined();
        expect(s.id("joint", r.name)).toBeGreaterThan(0);
      }
    } finally {
      s.dispose();
    }
  });

  it("each IR rangefinder sees nothing in the empty world (not its own body or bumper) and the distance to a wall in front of it", async () => {
    const mj = await loadMujoco();
    const ranges = robotino.links.flatMap((l) => (l.sensors ?? []).filter((x) => x.type === "range"));
    expect(ranges).toHaveLength(9);
    const read = (xml: string): number[] => {
      const s = MujocoSession.open(mj, xml, "robotino.xml");
      try {
        s.forward();
        return ranges.map(
          (r) => s.sensordata[s.sensorAddress(mjcfNames.sensorChannel(r.name, "rangefinder")).address] as number,
        );
      } finally {
        s.dispose();
      }
    };
    // MuJoCo reports -1 when the ray meets nothing (the old mount read 0: its own wall, or 0.01: the bumper).
    expect(read(emitMjcf(robotino))).toEqual(ranges.map(() => -1));
    // A wall whose face is 0.1 m ahead of ir1 (which looks along +x of the base).
    const ir1 = linkPoses(robotino).get("ir1_link");
    expect(ir1).toBeDefined();
    const face = (ir1?.xyz[0] ?? 0) + 0.1;
    const wall = `<geom name="wall" type="box" size="0.05 1 1" pos="${face + 0.05} 0 1"/>`;
    const withWall = emitMjcf(robotino).replace(/(<worldbody>)/, `$1${wall}`);
    expect(withWall).toContain('name="wall"');
    expect(read(withWall)[0]).toBeCloseTo(0.1, 9);
  });

  it("loads in MuJoCo 2.2.2 with the same sizes", () => {
    if (
      !haveTool("mujoco-testxml", "MJCF check with MuJoCo 2.2.2") ||
      !haveTool("mujoco-compile", "MJCF compile with MuJoCo 2.2.2")
    )
      return;
    const file = join(dir, "robotino.xml");
    writeFileSync(file, emitMjcf(robotino));
    const test = runTool("mujoco-testxml", [file], { cwd: dir });
    expect(`${test.stdout}${test.stderr}`).not.toMatch(/error/i);
    const txt = join(dir, "robotino.txt");
    runTool("mujoco-compile", [file, txt], { cwd: dir });
    const sizes = readFileSync(txt, "utf8");
    const size = (key: string): number => Number(new RegExp(`^${key}\\s+(\\d+)`, "m").exec(sizes)?.[1]);
    const want = expectedCounts(robotino);
    expect(size("nbody")).toBe(want.bodies);
    expect(size("njnt")).toBe(want.joints);
    expect(size("nu")).toBe(want.actuators);
    expect(size("nsensor")).toBe(want.sensors);
  });
});
