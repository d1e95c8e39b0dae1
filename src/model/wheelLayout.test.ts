import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { Geometry } from "./Geometry.js";
import type { Joint } from "./Joint.js";
import { linkPoses } from "./linkPoses.js";
import { composePoses, rotateVector, transformPoint, type Pose } from "./Pose.js";
import type { Robot } from "./Robot.js";
import type { Vec3 } from "./Vector.js";
import { wheelLayout } from "./wheelLayout.js";

const coord = fc.double({ min: -0.1, max: 0.1, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const vec = fc.tuple(coord, coord, coord);
const rpy = fc.tuple(angle, angle, angle);
const size = fc.double({ min: 0.001, max: 0.05, noNaN: true });
const roller = fc.record({
  joint: fc.record({ xyz: vec, rpy }),
  shape: fc.record({ xyz: vec, rpy }),
  geometry: fc.oneof(
    size.map((radius): Geometry => ({ type: "sphere", radius })),
    fc.tuple(size, size).map(([radius, length]): Geometry => ({ type: "capsule", radius, length })),
  ),
});

/** Three wheels at 120° with the given rollers under each and no collision on the hubs. */
function omniRobot(
  wheelRpy: Vec3,
  axis: Vec3,
  rollers: readonly { joint: Pose; shape: Pose; geometry: Geometry }[],
  hub: readonly Geometry[] = [],
): Robot {
  const joints: Joint[] = [];
  const links: Robot["links"][number][] = [{ name: "base_link" }];
  for (let w = 0; w < 3; w++) {
    const a = (2 * Math.PI * w) / 3;
    links.push({ name: `w${w}`, collisions: hub.map((geometry) => ({ geometry })) });
    joints.push({
      name: `wj${w}`,
      type: "continuous",
      parent: "base_link",
      child: `w${w}`,
      axis,
      origin: { xyz: [0.2 * Math.cos(a), 0.2 * Math.sin(a), 0], rpy: [wheelRpy[0], wheelRpy[1], wheelRpy[2] + a] },
    });
    rollers.forEach((r, k) => {
      links.push({ name: `w${w}r${k}`, collisions: [{ origin: r.shape, geometry: r.geometry }] });
      joints.push({
        name: `w${w}r${k}j`,
        type: "continuous",
        parent: `w${w}`,
        child: `w${w}r${k}`,
        axis: [0, 0, 1],
        origin: r.joint,
      });
    });
  }
  return { name: "omni", links, joints, drive: { type: "omni", wheels: ["wj0", "wj1", "wj2"] } };
}

/**
 * Distance (m) of a world point from the line through `origin` along unit `axis`: |d × axis|.
 * The cross product stays accurate when the point lies on the axis, where sqrt(|d|² − along²)
 * cancels to ~1e-9 of noise and made this reference, not wheelLayout, wrong (CI seed 893466931).
 */
function fromLine(p: Vec3, origin: Vec3, axis: Vec3): number {
  const d: Vec3 = [p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]];
  return Math.hypot(d[1] * axis[2] - d[2] * axis[1], d[2] * axis[0] - d[0] * axis[2], d[0] * axis[1] - d[1] * axis[0]);
}

describe("wheelLayout radius of a wheel whose hub has no collision (rollers carry the contact)", () => {
  it("is the farthest reach of the rollers' spheres and capsules from the wheel axis (world-frame check, capsules sampled)", () => {
    fc.assert(
      fc.property(
        rpy,
        fc.constantFrom<Vec3>([1, 0, 0], [0, 1, 0], [0, 0, 1]),
        fc.array(roller, { minLength: 1, maxLength: 4 }),
        (wheelRpy, axis, rollers) => {
          const robot = omniRobot(wheelRpy, axis, rollers);
          const layout = wheelLayout(robot);
          if (layout.type !== "omni") throw new Error("expected omni");
          const poses = linkPoses(robot);
          layout.wheels.forEach((w, i) => {
            const root_T_wheel = poses.get(`w${i}`) as Pose;
            const worldAxis = rotateVector(root_T_wheel.rpy, axis);
            let want = 0;
            rollers.forEach((r, k) => {
              const root_T_shape = composePoses(poses.get(`w${i}r${k}`) as Pose, r.shape);
              const g = r.geometry;
              const half = g.type === "capsule" ? g.length / 2 : 0;
              const radius = g.type === "sphere" || g.type === "capsule" ? g.radius : 0;
              for (let s = 0; s <= 200; s++) {
                const p = transformPoint(root_T_shape, [0, 0, -half + (2 * half * s) / 200]);
                want = Math.max(want, fromLine(p, root_T_wheel.xyz, worldAxis) + radius);
              }
            });
            // Capsule ends are among the samples, so sampling finds the exact maximum.
            expect(w.radius).toBeCloseTo(want, 9);
          });
        },
      ),
      {
        numRuns: 100,
        // The CI counterexample: a roller centred on the wheel axis (reach = its radius exactly).
        examples: [
          [
            [0, 0, 0],
            [1, 0, 0],
            [
              {
                joint: { xyz: [-0.049526303333249484, 0, 0], rpy: [0, 0, 0] },
                shape: { xyz: [0, 0, 0], rpy: [0, 0, 0] },
                geometry: { type: "sphere", radius: 0.001 },
              },
            ],
          ],
        ],
      },
    );
  });

  it("still takes the hub's own cylinder or sphere first when there is one", () => {
    const rollers = [
      {
        joint: { xyz: [0, 0.04, 0] as Vec3, rpy: [0, 0, 0] as Vec3 },
        shape: { xyz: [0, 0, 0] as Vec3, rpy: [0, 0, 0] as Vec3 },
        geometry: { type: "sphere", radius: 0.03 } as Geometry,
      },
    ];
    const layout = wheelLayout(
      omniRobot([0, 0, 0], [1, 0, 0], rollers, [{ type: "cylinder", radius: 0.05, length: 0.02 }]),
    );
    expect(layout.type === "omni" && layout.wheels.map((w) => w.radius)).toEqual([0.05, 0.05, 0.05]);
    const envelope = wheelLayout(omniRobot([0, 0, 0], [1, 0, 0], rollers));
    if (envelope.type !== "omni") throw new Error("expected omni");
    for (const w of envelope.wheels) expect(w.radius).toBeCloseTo(0.04 + 0.03, 12);
  });

  it("refuses a wheel with nothing round on it or below it, naming the link", () => {
    const boxes = [
      {
        joint: { xyz: [0, 0.04, 0] as Vec3, rpy: [0, 0, 0] as Vec3 },
        shape: { xyz: [0, 0, 0] as Vec3, rpy: [0, 0, 0] as Vec3 },
        geometry: { type: "box", size: [0.01, 0.01, 0.01] } as Geometry,
      },
    ];
    expect(() => wheelLayout(omniRobot([0, 0, 0], [1, 0, 0], boxes))).toThrow(
      /wheel link "w0" has no cylinder or sphere collision/,
    );
  });
});
