import { describe, expect, it } from "vitest";

import { linkPoses, relativePose } from "../../src/model/linkPoses.js";
import { transformPoint } from "../../src/model/Pose.js";
import { wheelLayout } from "../../src/model/wheelLayout.js";
import { robotino } from "./robotino.js";

/** Robotino 3 wheel radius (m), examples/robotino/README.md (controld3.conf `rw`). */
const SOURCED_WHEEL_RADIUS = 0.06;

interface RollerSphere {
  readonly roller: string;
  /** Sphere centre in the wheel link frame (m); the wheel axis is the frame's x. */
  readonly centre: readonly [number, number, number];
  readonly radius: number;
}

/** Every collision sphere of the links hanging from a wheel link, in the wheel's frame. */
function rollerSpheres(wheelLink: string): RollerSphere[] {
  const poses = linkPoses(robotino);
  const rollers = (robotino.joints ?? []).filter((j) => j.parent === wheelLink).map((j) => j.child);
  return rollers.flatMap((name) => {
    const link = robotino.links.find((l) => l.name === name);
    const wheel_T_roller = relativePose(robotino, wheelLink, name, poses);
    if (link === undefined || wheel_T_roller === undefined) throw new Error(`roller ${name} not found`);
    return (link.collisions ?? []).map((c) => {
      if (c.geometry.type !== "sphere") throw new Error(`roller ${name}: expected spheres`);
      return { roller: name, centre: transformPoint(wheel_T_roller, c.origin?.xyz ?? [0, 0, 0]), radius: c.geometry.radius };
    });
  });
}

const wheelLinks = ["wheel1_link", "wheel2_link", "wheel3_link"];

describe("Robotino omni wheels", () => {
  it("the kinematics read the sourced wheel radius from the rollers (the hub has no collision)", () => {
    const layout = wheelLayout(robotino);
    expect(layout.type).toBe("omni");
    if (layout.type !== "omni") return;
    for (const w of layout.wheels) expect(w.radius).toBeCloseTo(SOURCED_WHEEL_RADIUS, 12);
    for (const name of wheelLinks) expect(robotino.links.find((l) => l.name === name)?.collisions ?? []).toEqual([]);
  });

  it("has two groups of three rollers, 60° apart, in two planes side by side (seed 004)", () => {
    for (const wheel of wheelLinks) {
      const spheres = rollerSpheres(wheel);
      const byRoller = new Map<string, RollerSphere[]>();
      for (const s of spheres) byRoller.set(s.roller, [...(byRoller.get(s.roller) ?? []), s]);
      expect(byRoller.size).toBe(6);
      const middles = [...byRoller.values()].map((ss) => {
        const mid = ss.reduce((best, s) => (s.radius > best.radius ? s : best));
        return { plane: mid.centre[0], angle: Math.atan2(mid.centre[2], mid.centre[1]) };
      });
      const planes = [...new Set(middles.map((m) => m.plane.toFixed(9)))];
      expect(planes.length).toBe(2);
      const angles = middles.map((m) => (((m.angle * 180) / Math.PI) % 360 + 360) % 360).sort((a, b) => a - b);
      angles.forEach((a, k) => expect(a).toBeCloseTo(60 * k, 9));
    }
  });

  it("every roller sphere reaches the wheel radius exactly, and the rolling envelope is round within 0.25 mm", () => {
    for (const wheel of wheelLinks) {
      const spheres = rollerSpheres(wheel);
      // Distance from the wheel axis (x) plus radius: the farthest point of each sphere.
      for (const s of spheres) expect(Math.hypot(s.centre[1], s.centre[2]) + s.radius).toBeCloseTo(SOURCED_WHEEL_RADIUS, 12);
      // Height of the wheel axis above a floor touched at angle θ, over a full turn: the
      // highest support of any sphere in the direction θ. The gap to r is what the wheel
      // sinks between touching points (5.6 mm with the former one sphere per roller).
      let worst = 0;
      let best = Infinity;
      for (let i = 0; i < 36000; i++) {
        const th = (2 * Math.PI * i) / 36000;
        let reach = 0;
        for (const s of spheres) reach = Math.max(reach, s.centre[1] * Math.cos(th) + s.centre[2] * Math.sin(th) + s.radius);
        worst = Math.max(worst, SOURCED_WHEEL_RADIUS - reach);
        best = Math.min(best, SOURCED_WHEEL_RADIUS - reach);
      }
      expect(best).toBeGreaterThan(-1e-12);
      expect(worst).toBeGreaterThan(0);
      expect(worst).toBeLessThan(0.00025);
    }
  });

  it("rollers do not intersect one another (a buildable wheel), although MJCF would not collide them anyway", () => {
    for (const wheel of wheelLinks) {
      const spheres = rollerSpheres(wheel);
      for (const a of spheres) {
        for (const b of spheres) {
          if (a.roller >= b.roller) continue;
          const gap = Math.hypot(a.centre[0] - b.centre[0], a.centre[1] - b.centre[1], a.centre[2] - b.centre[2]) - a.radius - b.radius;
          expect(gap, `${a.roller} / ${b.roller}`).toBeGreaterThan(0);
        }
      }
    }
  });
});
