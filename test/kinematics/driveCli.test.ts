import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { se2Exp } from "../../src/kinematics/se2Exp.js";
import type { Drive } from "../../src/model/Drive.js";
import type { Robot } from "../../src/model/Robot.js";
import { type SteerSpec, type WheelSpec, wheeledRobot } from "../support/driveRobots.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-drive-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function save(robot: Robot): string {
  const file = join(dir, `${robot.name}.json`);
  writeFileSync(file, JSON.stringify(robot));
  return file;
}

const wheel = (joint: string, x: number, y: number, radius: number, extra: Partial<WheelSpec> = {}): WheelSpec => ({
  joint,
  at: [x, y, radius],
  radius,
  ...extra,
});
const steer = (joint: string, x: number, y: number, limit: number): SteerSpec => ({
  joint,
  at: [x, y, 0.1],
  limits: [-limit, limit],
  maxRate: 2,
  wheel: { joint: `${joint}_wheel`, radius: 0.1 },
});

/** Test bases, one per drive, each with base_link at its kinematic centre; right wheels spin reversed. */
const bases = {
  diff: {
    wheels: [wheel("l", 0, 0.2, 0.05), wheel("r", 0, -0.2, 0.05, { reverse: true, style: 1 })],
    drive: { type: "differential", left: ["l"], right: ["r"] },
  },
  skid: {
    wheels: [
      wheel("lf", 0.15, 0.25, 0.06),
      wheel("lr", -0.15, 0.25, 0.06),
      wheel("rf", 0.15, -0.25, 0.06, { reverse: true }),
      wheel("rr", -0.15, -0.25, 0.06, { reverse: true }),
    ],
    drive: { type: "differential", left: ["lf", "lr"], right: ["rf", "rr"] },
  },
  mec: {
    wheels: [
      wheel("fl", 0.2, 0.15, 0.04),
      wheel("fr", 0.2, -0.15, 0.04, { reverse: true }),
      wheel("rl", -0.2, 0.15, 0.04),
      wheel("rr", -0.2, -0.15, 0.04, { reverse: true }),
    ],
    drive: { type: "mecanum", frontLeft: "fl", frontRight: "fr", rearLeft: "rl", rearRight: "rr" },
  },
  ack: {
    wheels: [wheel("tl", 0, 0.22, 0.1), wheel("tr", 0, -0.22, 0.1, { reverse: true })],
    steering: [steer("sl", 0.5, 0.2, 0.6), steer("sr", 0.5, -0.2, 0.6)],
    drive: { type: "ackermann", steering: ["sl", "sr"], traction: ["tl", "tr"] },
  },
  bike: {
    wheels: [wheel("rear", 0, 0, 0.1)],
    steering: [steer("s", 0.8, 0, 0.8)],
    drive: { type: "bicycle", steering: "s", traction: "rear" },
  },
  // base_link 0.3 m ahead of the rear axle: the twist of base_link carries a sideways part.
  ahead: {
    wheels: [wheel("tl", -0.3, 0.25, 0.1), wheel("tr", -0.3, -0.25, 0.1)],
    steering: [steer("s", 0.3, 0, 1.6)],
    drive: { type: "tricycle", steering: "s", traction: ["tl", "tr"] },
  },
  trike: {
    wheels: [wheel("tl", 0, 0.25, 0.1), wheel("tr", 0, -0.25, 0.1, { reverse: true })],
    steering: [steer("s", 0.6, 0, 1.6)],
    drive: { type: "tricycle", steering: "s", traction: ["tl", "tr"] },
  },
} satisfies Record<string, { wheels: WheelSpec[]; steering?: SteerSpec[]; drive: Drive }>;
/** The bicycle with its steering joint's axis pointing down: a positive joint angle steers right. */
function flippedSteering(robot: Robot): Robot {
  return {
    ...robot,
    name: "bikedown",
    joints: (robot.joints ?? []).map((j) => (j.name === "s" ? { ...j, axis: [0, 0, -1] as const } : j)),
  };
}
const files = {
  ...(Object.fromEntries(
    Object.entries(bases).map(([name, b]) => [name, save(wheeledRobot({ name, ...b }))]),
  ) as Record<keyof typeof bases, string>),
  bikedown: save(flippedSteering(wheeledRobot({ name: "bike", ...bases.bike }))),
};

interface IkJson {
  drive: string;
  feasible?: boolean;
  infeasibleJoints?: string[];
  wheels: { steerJoint?: string; wheelJoint?: string; angle?: number; speed: number; wheelRate?: number }[];
}

async function ik(file: string, vx: number, vy: number, wz: number): Promise<IkJson> {
  const r = await runCliInProcess(["ik", file, "--vx", String(vx), "--vy", String(vy), "--wz", String(wz), "--json"]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as IkJson;
}

const rate = (j: IkJson, joint: string): number => {
  const w = j.wheels.find((e) => e.wheelJoint === joint);
  if (w?.wheelRate === undefined) throw new Error(`no rate for ${joint}`);
  return w.wheelRate;
};
const angle = (j: IkJson, joint: string): number => {
  const w = j.wheels.find((e) => e.steerJoint === joint);
  if (w?.angle === undefined) throw new Error(`no angle for ${joint}`);
  return w.angle;
};

describe("robokit ik for every drive", () => {
  it("differential and skid-steer: (vx ∓ ω·b/2)/r per side, signed by each joint's axis", async () => {
    const d = await ik(files.diff, 0.4, 0, 0.5);
    expect(d.drive).toBe("differential");
    expect(rate(d, "l")).toBeCloseTo((0.4 - 0.5 * 0.2) / 0.05, 9);
    expect(rate(d, "r")).toBeCloseTo(-(0.4 + 0.5 * 0.2) / 0.05, 9);
    const s = await ik(files.skid, 0.4, 0, 0.5);
    for (const j of ["lf", "lr"]) expect(rate(s, j)).toBeCloseTo((0.4 - 0.5 * 0.25) / 0.06, 9);
    for (const j of ["rf", "rr"]) expect(rate(s, j)).toBeCloseTo(-(0.4 + 0.5 * 0.25) / 0.06, 9);
  });

  it("mecanum: u = vx ∓ vy ∓ (lx + ly)·ω per wheel", async () => {
    const m = await ik(files.mec, 0.3, 0.2, 0.4);
    const k = 0.35 * 0.4;
    expect(rate(m, "fl")).toBeCloseTo((0.3 - 0.2 - k) / 0.04, 9);
    expect(rate(m, "fr")).toBeCloseTo(-(0.3 + 0.2 + k) / 0.04, 9);
    expect(rate(m, "rl")).toBeCloseTo((0.3 + 0.2 - k) / 0.04, 9);
    expect(rate(m, "rr")).toBeCloseTo(-(0.3 - 0.2 + k) / 0.04, 9);
  });

  it("Ackermann: inner and outer angles from the centre of rotation; rear rates from the track", async () => {
    const a = await ik(files.ack, 1, 0, 0.5);
    expect(a.feasible).toBe(true);
    const R = 1 / 0.5;
    expect(angle(a, "sl")).toBeCloseTo(Math.atan(0.5 / (R - 0.2)), 9);
    expect(angle(a, "sr")).toBeCloseTo(Math.atan(0.5 / (R + 0.2)), 9);
    expect(rate(a, "tl")).toBeCloseTo((1 - 0.5 * 0.22) / 0.1, 9);
    expect(rate(a, "tr")).toBeCloseTo(-(1 + 0.5 * 0.22) / 0.1, 9);
    // The passive front wheels roll at their pivots' speed.
    expect(rate(a, "sl_wheel")).toBeCloseTo(Math.hypot(1 - 0.5 * 0.2, 0.5 * 0.5) / 0.1, 9);
    // A turn tighter than the steering limits is reported, not clipped.
    const tight = await ik(files.ack, 0.2, 0, 1);
    expect(tight.feasible).toBe(false);
    expect(tight.infeasibleJoints).toEqual(["sl", "sr"]);
  });

  it("bicycle and tricycle: δ = atan(L·ω/vx); tricycle turns on the spot about its rear axle", async () => {
    const b = await ik(files.bike, 1, 0, 0.5);
    expect(angle(b, "s")).toBeCloseTo(Math.atan(0.8 * 0.5), 12);
    // The joint's own sign: an axis along −z turns left for a negative angle.
    expect(angle(await ik(files.bikedown, 1, 0, 0.5), "s")).toBeCloseTo(-Math.atan(0.8 * 0.5), 12);
    expect(rate(b, "rear")).toBeCloseTo(1 / 0.1, 12);
    const t = await ik(files.trike, 0, 0, 1);
    expect(angle(t, "s")).toBeCloseTo(Math.PI / 2, 12);
    expect(rate(t, "tl")).toBeCloseTo(-0.25 / 0.1, 12);
    expect(rate(t, "tr")).toBeCloseTo(-0.25 / 0.1, 12);
  });

  it("a base frame ahead of the rear axle: its twist is carried to the axle's centre", async () => {
    // base_link 0.3 m ahead turning at 0.5 rad/s moves sideways at 0.15 m/s.
    const a = await ik(files.ahead, 0.4, 0.15, 0.5);
    expect(angle(a, "s")).toBeCloseTo(Math.atan((0.6 * 0.5) / 0.4), 9);
    expect(rate(a, "tl")).toBeCloseTo((0.4 - 0.5 * 0.25) / 0.1, 9);
    const r = await runCliInProcess(["ik", files.ahead, "--vx", "0.4", "--wz", "0.5"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /at its kinematic centre \(-0\.3, 0\) m in the base frame the twist is vx 0\.4 m\/s, vy -0\.15 m\/s/,
    );
  });

  it("a twist the drive cannot follow is exit 1 naming what it cannot do", async () => {
    for (const name of ["diff", "skid", "ack", "bike", "trike"] as const) {
      const r = await runCliInProcess(["ik", files[name], "--vx", "0.5", "--vy", "0.1"]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/drive cannot move sideways: vy must be 0 m\/s \(got 0\.1 m\/s\)/);
    }
    const r = await runCliInProcess(["ik", files.bike, "--wz", "1"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot turn on the spot/);
    expect((await runCliInProcess(["ik", files.mec, "--vy", "0.1"])).code).toBe(0);
  });
});

describe("robokit odom for every drive", () => {
  /** Joint positions of a constant twist held for 2 s, from ik's rates and angles. */
  async function run(name: keyof typeof files, vx: number, vy: number, wz: number): Promise<number[]> {
    const j = await ik(files[name], vx, vy, wz);
    const cols = j.wheels.flatMap((w) => [
      ...(w.steerJoint === undefined ? [] : [{ name: w.steerJoint, at: () => w.angle ?? 0 }]),
      ...(w.wheelJoint === undefined || w.wheelRate === undefined
        ? []
        : [{ name: w.wheelJoint, at: (t: number) => (w.wheelRate ?? 0) * t + 1 }]),
    ]);
    const rows = Array.from({ length: 41 }, (_, i) => i * 0.05);
    const csv = `t,${cols.map((c) => c.name).join(",")}\n${rows.map((t) => [t, ...cols.map((c) => c.at(t))].join(",")).join("\n")}\n`;
    const file = join(dir, `${name}.csv`);
    writeFileSync(file, csv);
    const r = await runCliInProcess(["odom", files[name], file]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const last = r.stdout.trim().split("\n").at(-1) ?? "";
    return last.split(",").map(Number);
  }

  it("a constant twist's joint positions integrate to its SE(2) exponential", async () => {
    const cases: [keyof typeof files, number, number, number][] = [
      ["diff", 0.4, 0, 0.5],
      ["skid", 0.3, 0, -0.4],
      ["mec", 0.3, 0.2, 0.4],
      ["ack", 1, 0, 0.3],
      ["bike", 0.8, 0, 0.4],
      ["trike", 0.5, 0, -0.6],
      ["ahead", 0.4, 0.15, 0.5],
      ["bikedown", 0.8, 0, 0.4],
    ];
    for (const [name, vx, vy, wz] of cases) {
      const [t, x, y, theta] = await run(name, vx, vy, wz);
      const want = se2Exp({ dx: vx * 2, dy: vy * 2, dtheta: wz * 2 });
      expect([name, t]).toEqual([name, 2]);
      expect([name, x]).toEqual([name, expect.closeTo(want.x, 5)]);
      expect(y).toBeCloseTo(want.y, 5);
      expect(theta).toBeCloseTo(want.theta, 5);
    }
  });
});
