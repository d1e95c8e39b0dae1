import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { linkPoses } from "./linkPoses.js";
import { poseToMatrix, rotateVector, type Pose } from "./Pose.js";
import type { Robot } from "./Robot.js";
import type { Vec3 } from "./Vector.js";

const angle = fc.double({ min: -3, max: 3, noNaN: true });
const unit = fc
  .tuple(
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  )
  .filter((v) => Math.hypot(...v) > 0.1);

function arm(type: "revolute" | "prismatic", axis: Vec3, origin: Pose): Robot {
  return {
    name: "arm",
    links: [{ name: "a" }, { name: "b" }, { name: "c" }],
    joints: [
      {
        name: "j",
        type,
        parent: "a",
        child: "b",
        origin,
        axis,
        limit: { lower: -10, upper: 10, effort: 1, velocity: 1 },
      },
      {
        name: "m",
        type: "revolute",
        parent: "b",
        child: "c",
        origin: { xyz: [0.1, 0, 0], rpy: [0, 0, 0] },
        axis: [0, 0, 1],
        limit: { lower: -10, upper: 10, effort: 1, velocity: 1 },
        mimic: { joint: "j", multiplier: 2, offset: 0.5 },
      },
    ],
  };
}

const close = (a: readonly number[], b: readonly number[], tol = 1e-9): void =>
  a.forEach((v, i) => expect(Math.abs(v - (b[i] ?? Number.NaN))).toBeLessThan(tol));

describe("linkPoses with joint positions (forward kinematics)", () => {
  it("a revolute joint turns its child about the axis through the joint origin", () => {
    fc.assert(
      fc.property(unit, angle, fc.tuple(angle, angle, angle), (axis, q, rpy) => {
        const origin: Pose = { xyz: [0.3, -0.2, 0.5], rpy };
        const robot = arm("revolute", axis, origin);
        const zero = linkPoses(robot);
        const moved = linkPoses(robot, new Map([["j", q]]));
        // The child's origin stays at the joint origin.
        close(moved.get("b")!.xyz, zero.get("b")!.xyz);
        // The axis (in the parent frame) is a fixed direction of the rotation.
        const axisInParent = rotateVector(rpy, axis);
        close(rotateVector(moved.get("b")!.rpy, axis), axisInParent);
        // The angle between the zero and moved child x axes about that axis is q (mod 2π).
        const m0 = poseToMatrix(zero.get("b")!);
        const m1 = poseToMatrix(moved.get("b")!);
        // trace(R0ᵀR1) = 1 + 2 cos q
        let tr = 0;
        for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) tr += m0[c * 4 + r]! * m1[c * 4 + r]!;
        expect(tr).toBeCloseTo(1 + 2 * Math.cos(q), 9);
      }),
    );
  });

  it("a prismatic joint slides its child q along the unit axis; a mimic joint follows multiplier·q + offset", () => {
    fc.assert(
      fc.property(unit, angle, (axis, q) => {
        const robot = arm("prismatic", axis, { xyz: [0, 0, 0], rpy: [0, 0, 0] });
        const poses = linkPoses(robot, new Map([["j", q]]));
        const n = Math.hypot(...axis);
        close(
          poses.get("b")!.xyz,
          axis.map((v) => (v / n) * q),
        );
        const follower = linkPoses(robot, new Map([["j", q]])).get("c")!;
        const explicit = linkPoses(
          robot,
          new Map([
            ["j", q],
            ["m", 2 * q + 0.5],
          ]),
        ).get("c")!;
        close(poseToMatrix(follower) as unknown as number[], poseToMatrix(explicit) as unknown as number[]);
      }),
    );
  });
});
