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
      return {
        roller: name,
        centre: transformPoint(wheel_T_roller, c.origin?.xyz ?? [0, 0, 0]),
        radius: c.geometry.radius,
      };
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

  it("has two groups of three rollers, 60° apart, in two planes side by side (Damić and Čohodar Husić 2025)", () => {
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
      const angles = middles.map((m) => ((((m.angle * 180) / Math.PI) % 360) + 360) % 360).sort((a, b) => a - b);
      angles.forEach((a, k) => expect(a).toBeCloseTo(60 * k, 9));
    }
  });

  it("every roller sphere reaches the wheel radius exactly, and the rolling envelope is round within 0.25 mm", () => {
    for (const wheel of wheelLinks) {
      const spheres = rollerSpheres(wheel);
      // Distance from the wheel axis (x) plus radius: the farthest point of each sphere.
      for (const s of spheres)
        expect(Math.hypot(s.centre[1], s.centre[2]) + s.radius).toBeCloseTo(SOURCED_WHEEL_RADIUS, 12);
      // Height of the wheel axis above a floor touched at angle θ, over a full turn: the
      // highest support of any sphere in the direction θ. The gap to r is what the wheel
      // sinks between touching points (5.6 mm with the former one sphere per roller).
      let worst = 0;
      let best = Infinity;
      for (let i = 0; i < 36000; i++) {
        const th = (2 * Math.PI * i) / 36000;
        let reach = 0;
        for (const s of spheres)
          reach = Math.max(reach, s.centre[1] * Math.cos(th) + s.centre[2] * Math.sin(th) + s.radius);
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
          const gap =
            Math.hypot(a.centre[0] - b.centre[0], a.centre[1] - b.centre[1], a.centre[2] - b.centre[2]) -
            a.radius -
            b.radius;
          expect(gap, `${a.roller} / ${b.roller}`).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe("Robotino IR sensors", () => {
  /** A link's first visual as a vertical cylinder in base_link: radius and z range (m). */
  const cylinderIn = (link: string): { radius: number; bottom: number; top: number } => {
    const visual = robotino.links.find((l) => l.name === link)?.visuals?.[0];
    const base_T_link = relativePose(robotino, "base_link", link);
    if (visual?.geometry.type !== "cylinder" || base_T_link === undefined)
      throw new Error(`${link}: expected a cylinder visual`);
    const z = base_T_link.xyz[2] + (visual.origin?.xyz[2] ?? 0);
    return {
      radius: visual.geometry.radius,
      bottom: z - visual.geometry.length / 2,
      top: z + visual.geometry.length / 2,
    };
  };

  it("nine frames ir1_link … ir9_link, 40° apart on the body wall above the bumper, each x pointing radially out", () => {
    const body = cylinderIn("base_link");
    const bumper = cylinderIn("bumper_link");
    const frames = robotino.links.filter((l) => (l.sensors ?? []).some((s) => s.type === "range"));
    expect(frames.map((l) => l.name)).toEqual(Array.from({ length: 9 }, (_, k) => `ir${k + 1}_link`));
    frames.forEach((link, k) => {
      expect(link.sensors).toHaveLength(1);
      expect(link.collisions ?? [], "no collision: nothing to overlap").toEqual([]);
      expect(link.inertial, "massless frame").toBeUndefined();
      const joint = (robotino.joints ?? []).find((j) => j.child === link.name);
      expect(joint?.type).toBe("fixed");
      expect(joint?.parent).toBe("base_link");
      const p = relativePose(robotino, "base_link", link.name);
      if (p === undefined) throw new Error(link.name);
      const heading = Math.atan2(p.xyz[1], p.xyz[0]);
      expect(((heading * 180) / Math.PI + 360) % 360).toBeCloseTo(40 * k, 9);
      // x (the beam) points away from the centre: yaw equals the heading, roll and pitch zero.
      expect([p.rpy[0], p.rpy[1], Math.cos(p.rpy[2]), Math.sin(p.rpy[2])]).toEqual(
        [0, 0, Math.cos(heading), Math.sin(heading)].map((v) => expect.closeTo(v, 9)),
      );
      // On the wall (within the window's 1 mm), between the bumper's top and the body's top.
      const r = Math.hypot(p.xyz[0], p.xyz[1]);
      expect(r - body.radius).toBeGreaterThan(0);
      expect(r - body.radius).toBeLessThanOrEqual(0.001 + 1e-12);
      expect(p.xyz[2]).toBeGreaterThan(bumper.top);
      expect(p.xyz[2]).toBeLessThan(body.top);
    });
  });
});
