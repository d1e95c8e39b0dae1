import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { Joint } from "./Joint.js";
import type { Link } from "./Link.js";
import { linkPoses } from "./linkPoses.js";
import { lumpFixedJoints } from "./lumpFixedJoints.js";
import { composePoses, IDENTITY_POSE, poseToMatrix, transformPoint, type Pose } from "./Pose.js";
import type { Robot } from "./Robot.js";

const close = (a: readonly number[], b: readonly number[], tol = 1e-9): void =>
  a.forEach((v, i) => expect(Math.abs(v - (b[i] ?? Number.NaN)), `${a.join(" ")} vs ${b.join(" ")}`).toBeLessThan(tol));
const box = { type: "box", size: [1, 1, 1] } as const;

// libsdformat's corpus case fixed_joint_reduction_simple.urdf ("link1c"): mass 300, centre of mass 0.2 0 0, ixx 7, iyy 15, izz 17.
const corpus: Robot = {
  name: "r",
  links: [
    { name: "world" },
    { name: "link1", inertial: { mass: 100, inertia: { ixx: 2, ixy: 0, ixz: 0, iyy: 3, iyz: 0, izz: 4 } } },
    {
      name: "link2",
      inertial: {
        mass: 200,
        origin: { xyz: [0, -0.3, 0], rpy: [0, 0, -Math.PI / 2] },
        inertia: { ixx: 5, ixy: 0, ixz: 0, iyy: 6, iyz: 0, izz: 7 },
      },
      visuals: [{ geometry: box }, { name: "v", geometry: box, origin: { xyz: [0, 0, 1], rpy: [0, 0, 0] } }],
    },
    { name: "tip", inertial: { mass: 1, inertia: { ixx: 1, ixy: 0, ixz: 0, iyy: 1, iyz: 0, izz: 1 } } },
  ],
  joints: [
    { name: "j01", type: "continuous", parent: "world", child: "link1" },
    {
      name: "j12",
      type: "fixed",
      parent: "link1",
      child: "link2",
      origin: { xyz: [0, 0, 0], rpy: [0, 0, Math.PI / 2] },
    },
    {
      name: "j2t",
      type: "revolute",
      parent: "link2",
      child: "tip",
      origin: { xyz: [1, 0, 0], rpy: [0, 0, 0] },
      axis: [0, 0, 1],
      limit: { lower: -1, upper: 1, effort: 1, velocity: 1 },
    },
  ],
};

describe("lumpFixedJoints (libsdformat's fixed-joint reduction)", () => {
  it("gives libsdformat's own expected figures on its corpus case and re-poses what hangs below", () => {
    const { robot, lumped } = lumpFixedJoints(corpus);
    expect(robot.links.map((l) => l.name)).toEqual(["world", "link1", "tip"]);
    expect(robot.joints?.map((j) => j.name)).toEqual(["j01", "j2t"]);
    expect(lumped).toEqual([
      { link: "link2", joint: "j12", parent: "link1", into: "link1", pose: corpus.joints![1]!.origin },
    ]);
    const link1 = robot.links[1]!;
    expect(link1.inertial?.mass).toBe(300);
    close(link1.inertial!.origin!.xyz, [0.2, 0, 0]);
    close(link1.inertial!.origin!.rpy, [0, 0, 0]);
    const i = link1.inertial!.inertia;
    close([i.ixx, i.iyy, i.izz, i.ixy, i.ixz, i.iyz], [7, 15, 17, 0, 0, 0]);
    // Shapes named as libsdformat names them, in the surviving frame.
    expect(link1.visuals?.map((v) => v.name)).toEqual([
      "link1_fixed_joint_lump__link2_visual",
      "link1_fixed_joint_lump__v_visual_1",
    ]);
    close(link1.visuals![1]!.origin!.xyz, [0, 0, 1]);
    close(link1.visuals![1]!.origin!.rpy, [0, 0, Math.PI / 2]);
    // The revolute joint now hangs from link1, at the same place.
    const j2t = robot.joints![1]!;
    expect(j2t.parent).toBe("link1");
    close(j2t.origin!.xyz, [0, 1, 0]);
  });

  it("leaves kept joints and fixed joints to the world alone", () => {
    expect(lumpFixedJoints(corpus, { keep: new Set(["j12"]) }).lumped).toEqual([]);
    const toWorld: Robot = {
      name: "w",
      links: [{ name: "world" }, { name: "b", inertial: corpus.links[1]!.inertial! }],
      joints: [{ name: "f", type: "fixed", parent: "world", child: "b" }],
    };
    expect(lumpFixedJoints(toWorld).robot).toBe(toWorld);
  });

  it("keeps total mass, centre of mass and every surviving link's pose; surviving links are exactly those not reached by a fixed joint", () => {
    const pose = fc.record({
      xyz: fc.tuple(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
      ),
      rpy: fc.tuple(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -1.5, max: 1.5, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
      ),
    });
    const node = fc.record({
      parent: fc.nat(),
      fixed: fc.boolean(),
      origin: pose,
      com: pose,
      mass: fc.option(fc.double({ min: 0.1, max: 10, noNaN: true }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.array(node, { maxLength: 8 }),
        (rootMass, nodes) => {
          const links: Link[] = [
            { name: "l0", inertial: { mass: rootMass, inertia: { ixx: 1, ixy: 0, ixz: 0, iyy: 1, iyz: 0, izz: 1 } } },
          ];
          const joints: Joint[] = [];
          nodes.forEach((n, k) => {
            const name = `l${k + 1}`;
            links.push({
              name,
              ...(n.mass === undefined
                ? {}
                : {
                    inertial: {
                      mass: n.mass,
                      origin: n.com,
                      inertia: { ixx: 0.2, ixy: 0.01, ixz: 0, iyy: 0.3, iyz: 0, izz: 0.4 },
                    },
                  }),
            });
            const parent = `l${n.parent % (k + 1)}`;
            const origin: Pose = n.origin;
            joints.push(
              n.fixed
                ? { name: `j${k + 1}`, type: "fixed", parent, child: name, origin }
                : { name: `j${k + 1}`, type: "continuous", parent, child: name, origin, axis: [0, 0, 1] },
            );
          });
          const robot: Robot = { name: "r", links, joints };
          const { robot: out, lumped } = lumpFixedJoints(robot);
          const before = linkPoses(robot);
          const after = linkPoses(out);
          expect(out.links.length + lumped.length).toBe(links.length);
          for (const l of out.links) {
            close(after.get(l.name)!.xyz, before.get(l.name)!.xyz, 1e-9);
            close([...poseToMatrix(after.get(l.name)!)], [...poseToMatrix(before.get(l.name)!)], 1e-9);
          }
          expect(out.joints?.every((j) => j.type !== "fixed") ?? true).toBe(true);
          const massOf = (r: Robot): number => r.links.reduce((m, l) => m + (l.inertial?.mass ?? 0), 0);
          expect(Math.abs(massOf(out) - massOf(robot))).toBeLessThan(1e-9 * massOf(robot));
          // Centre of mass of the whole robot, in the root frame, is unchanged.
          const com = (r: Robot, poses: Map<string, Pose>): number[] => {
            const c = [0, 0, 0];
            for (const l of r.links) {
              if (l.inertial === undefined) continue;
              const p = transformPoint(composePoses(poses.get(l.name)!, l.inertial.origin ?? IDENTITY_POSE), [0, 0, 0]);
              for (let i = 0; i < 3; i++) c[i]! += (l.inertial.mass * p[i]!) / massOf(r);
            }
            return c;
          };
          close(com(out, after), com(robot, before), 1e-9);
        },
      ),
    );
  });
});
