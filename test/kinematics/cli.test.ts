import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { requireDrive as driveFromModel } from "../../src/cli/commands/ikCommand.js";
import { loadRobot } from "../../src/cli/loadRobot.js";
import { foldWheelState } from "../../src/kinematics/foldWheelState.js";
import { se2Exp } from "../../src/kinematics/se2Exp.js";
import { wrapAngle } from "../../src/util/wrapAngle.js";
import { wheelLayout } from "../../src/model/wheelLayout.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-kin-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function robokit(...args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    encoding: "utf8",
    cwd: process.cwd(),
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

interface SteeredJson {
  mode: string;
  centerOfRotation: { x: number; y: number } | null;
  feasible: boolean;
  speedScale: number;
  wheels: { steerJoint: string; wheelJoint: string; angle: number; speed: number; wheelRate: number }[];
}

describe("robokit ik", () => {
  it("mario --json: wheels roll without side slip, within the model's steering and speed limits", async () => {
    const r = robokit("ik", "mario", "--vx", "0.5", "--vy", "0.2", "--wz", "0.3", "--json");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as SteeredJson;
    const layout = wheelLayout(await loadRobot("mario"));
    if (layout.type !== "steered") throw new Error("MARIO has a steered drive");
    expect(out.mode).toBe("general");
    expect(out.centerOfRotation?.x).toBeCloseTo(-0.2 / 0.3, 6);
    expect(out.centerOfRotation?.y).toBeCloseTo(0.5 / 0.3, 6);
    expect(out.feasible).toBe(true);
    const [vx, vy, w] = [0.5 * out.speedScale, 0.2 * out.speedScale, 0.3 * out.speedScale];
    let fastest = 0;
    out.wheels.forEach((wh, i) => {
      const m = layout.modules[i];
      if (m === undefined) throw new Error("module count");
      expect(wh.steerJoint).toBe(m.steerJoint);
      expect(wh.wheelJoint).toBe(m.wheelJoint);
      // Contact point = steering axis + the wheel's offset turned by the steering angle.
      const off = [m.position[0] - m.pivot[0], m.position[1] - m.pivot[1]] as const;
      const cx = m.pivot[0] + Math.cos(wh.angle) * off[0] - Math.sin(wh.angle) * off[1];
      const cy = m.pivot[1] + Math.sin(wh.angle) * off[0] + Math.cos(wh.angle) * off[1];
      const ux = vx - w * cy;
      const uy = vy + w * cx;
      expect(ux * Math.cos(wh.angle) + uy * Math.sin(wh.angle)).toBeCloseTo(wh.speed, 6);
      expect(-ux * Math.sin(wh.angle) + uy * Math.cos(wh.angle)).toBeCloseTo(0, 6);
      expect(wh.wheelRate).toBeCloseTo((m.wheelDirection * wh.speed) / m.radius, 6);
      const [lo, hi] = m.steerLimits ?? [-Math.PI, Math.PI];
      expect(wh.angle).toBeGreaterThanOrEqual(lo - 1e-9);
      expect(wh.angle).toBeLessThanOrEqual(hi + 1e-9);
      fastest = Math.max(fastest, Math.abs(wh.wheelRate) / (m.maxWheelSpeed ?? Infinity));
    });
    // Ratio-preserving speed limit: the fastest wheel sits exactly at its joint limit.
    if (out.speedScale < 1) expect(fastest).toBeCloseTo(1, 6);
    else expect(fastest).toBeLessThanOrEqual(1 + 1e-9);
  });

  it("mario text output, zero-turn without limits, and a usage error for a bad number", () => {
    const r = robokit("ik", "mario", "--wz", "1", "--no-limits");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("mode zero-turn");
    for (const j of ["servo1", "servo2", "servo3", "servo4", "motor1", "motor4"]) expect(r.stdout).toContain(j);
    const bad = robokit("ik", "mario", "--vx", "fast");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"fast" is not a number');
    const noDrive = robokit("ik", "examples/pantilt/pantilt.yaml", "--vx", "1");
    expect(noDrive.code).toBe(1);
    expect(noDrive.stderr).toContain("declares no drive");
  });

  it("robotino --json: contact speeds along the CCW tangent, joint rates signed by the model", async () => {
    const r = robokit("ik", "robotino", "--vx", "0.5", "--vy", "0.3", "--wz", "0.8", "--json");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      wheels: { wheelJoint: string; speed: number; wheelRate: number; motorRpm: number }[];
    };
    const layout = wheelLayout(await loadRobot("robotino"));
    if (layout.type !== "omni") throw new Error("Robotino has an omni drive");
    out.wheels.forEach((wh, i) => {
      const w = layout.wheels[i];
      if (w === undefined) throw new Error("wheel count");
      expect(wh.wheelJoint).toBe(w.joint);
      expect(wh.speed).toBeCloseTo(-Math.sin(w.angle) * 0.5 + Math.cos(w.angle) * 0.3 + w.distance * 0.8, 6);
      expect(wh.wheelRate).toBeCloseTo((w.wheelDirection * wh.speed) / w.radius, 5);
      expect(wh.motorRpm).toBeCloseTo((wh.wheelRate * layout.gearRatio * 60) / (2 * Math.PI), 3);
    });
  });
});

describe("robokit odom", () => {
  const twist = { vx: 0.3, vy: 0.1, omega: 0.5 };
  const dt = 0.01;
  const steps = 200;

  it("mario: a constant twist in joint positions comes back as the exact SE(2) arc (Kabsch and least squares)", async () => {
    const robot = await loadRobot("mario");
    const drive = driveFromModel(robot, "mario");
    if (drive.type !== "steered") throw new Error("steered");
    const n = drive.layout.modules.length;
    const angles = new Float64Array(n);
    const speeds = new Float64Array(n);
    const rates = new Float64Array(n);
    drive.kinematics.toWheelStatesInto(angles, speeds, rates, twist.vx, twist.vy, twist.omega);
    drive.layout.modules.forEach((m, i) => {
      const f = foldWheelState(
        { angle: angles[i] as number, speed: 0, angularSpeed: 0 },
        ...(m.steerLimits ?? [-Math.PI, Math.PI]),
      );
      if (f.status === "ok") angles[i] = f.state.angle;
    });
    drive.kinematics.wheelSpeedsForAnglesInto(speeds, rates, angles, twist.vx, twist.vy, twist.omega);
    const names = drive.layout.modules.flatMap((m) => [m.steerJoint, m.wheelJoint]);
    const lines = ["# simulated MARIO joint states", `t,${[...names].reverse().join(",")},extra`];
    for (let k = 0; k <= steps; k++) {
      const values = new Map<string, number>();
      drive.layout.modules.forEach((m, i) => {
        values.set(m.steerJoint, angles[i] as number);
        values.set(m.wheelJoint, 0.7 + m.wheelDirection * (rates[i] as number) * k * dt);
      });
      lines.push(
        `${(k * dt).toFixed(6)},${[...names]
          .reverse()
          .map((j) => String(values.get(j)))
          .join(",")},x`,
      );
    }
    const csv = join(dir, "mario.csv");
    writeFileSync(csv, `${lines.join("\n")}\n`);
    const truth = se2Exp({ dx: twist.vx * dt * steps, dy: twist.vy * dt * steps, dtheta: twist.omega * dt * steps });

    const outFile = join(dir, "mario-traj.csv");
    const kabsch = robokit("odom", "mario", csv, "--out", outFile);
    expect(kabsch.code).toBe(0);
    const kRows = readFileSync(outFile, "utf8").trim().split("\n");
    expect(kRows[0]).toBe("t,x,y,theta,residual");
    expect(kRows).toHaveLength(steps + 2);
    const lsq = robokit("odom", "mario", csv, "--method", "least-squares");
    expect(lsq.code).toBe(0);
    const lRows = lsq.stdout.trim().split("\n");
    expect(lRows[0]).toBe("t,x,y,theta");
    for (const rows of [kRows, lRows]) {
      const [t, x, y, th] = (rows.at(-1) ?? "").split(",").map(Number);
      expect(t).toBeCloseTo(steps * dt, 9);
      expect(x).toBeCloseTo(truth.x, 7);
      expect(y).toBeCloseTo(truth.y, 7);
      expect(wrapAngle((th ?? 0) - truth.theta)).toBeCloseTo(0, 7);
    }
  });

  it("robotino: omni joint positions integrate to the exact arc", async () => {
    const robot = await loadRobot("robotino");
    const drive = driveFromModel(robot, "robotino");
    if (drive.type !== "omni") throw new Error("omni");
    const u = drive.kinematics.toWheelSpeedsInto(
      new Float64Array(drive.layout.wheels.length),
      twist.vx,
      twist.vy,
      twist.omega,
    );
    const names = drive.layout.wheels.map((w) => w.joint);
    const lines = [`t,${names.join(",")}`];
    for (let k = 0; k <= steps; k++) {
      lines.push(
        `${k * dt},${drive.layout.wheels.map((w, i) => String((w.wheelDirection * (u[i] as number) * k * dt) / w.radius)).join(",")}`,
      );
    }
    const csv = join(dir, "robotino.csv");
    writeFileSync(csv, `${lines.join("\r\n")}\r\n`);
    const r = robokit("odom", "robotino", csv);
    expect(r.code).toBe(0);
    const [, x, y, th] = (r.stdout.trim().split("\n").at(-1) ?? "").split(",").map(Number);
    const truth = se2Exp({ dx: twist.vx * 2, dy: twist.vy * 2, dtheta: twist.omega * 2 });
    expect(x).toBeCloseTo(truth.x, 7);
    expect(y).toBeCloseTo(truth.y, 7);
    expect(th).toBeCloseTo(truth.theta, 7);
  });

  it("bad input names file:line:col, exits 1 and writes nothing", () => {
    const csv = join(dir, "bad.csv");
    writeFileSync(
      csv,
      "t,servo1,motor1,servo2,motor2,servo3,motor3,servo4,motor4\n0,0,0,0,0,0,0,0,0\n0.01,0,0.1,0, oops,0,0,0,0\n",
    );
    const out = join(dir, "never.csv");
    const r = robokit("odom", "mario", csv, "--out", out);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${csv}:3:15: error NUMBER_NOT_FINITE`);
    expect(r.stderr).toContain('"oops" is not a finite number');
    expect(existsSync(out)).toBe(false);
    writeFileSync(csv, "t,servo1\n0,0\n");
    const missing = robokit("odom", "mario", csv);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('missing column "motor1"');
  });
});
