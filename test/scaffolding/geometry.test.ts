import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import type { Robot } from "../../src/model/Robot.js";
import { coincidentFaces, collisionOverlaps, visualGap } from "../support/shapeOverlaps.js";

/**
 * Geometry a user accepts in RViz: no collision shapes of unjoined links inside
 * each other, no coplanar visual faces (z-fighting), every sensor mounted on something.
 */

/** Robotino's omni wheels sit in wells of the body, which a solid primitive cylinder cannot show. */
const wheelWell = (line: string): boolean => /^base_link \(cylinder\) overlaps wheel\d_roller\d+ \(sphere\)/.test(line);

describe.each([mario, robotino] as Robot[])("$name", (robot) => {
  it("no overlap between collision shapes of links no fixed joint joins (broad phase, AABB)", () => {
    const left = collisionOverlaps(robot).filter((l) => !(robot.name === "robotino" && wheelWell(l)));
    expect(left, left.slice(0, 5).join("\n")).toEqual([]);
  });

  it("no coincident visual faces between links", () => {
    expect(coincidentFaces(robot)).toEqual([]);
  });

  it("every sensor link touches a visual of its parent link", () => {
    const parentOf = (name: string): string | undefined => (robot.joints ?? []).find((j) => j.child === name)?.parent;
    const hasVisual = (name: string | undefined): boolean =>
      (robot.links.find((l) => l.name === name)?.visuals ?? []).length > 0;
    const mounted = robot.links.filter(
      (l) => (l.sensors ?? []).length > 0 && hasVisual(l.name) && hasVisual(parentOf(l.name)),
    );
    expect(mounted.length).toBeGreaterThan(0);
    for (const link of mounted) {
      const parent = parentOf(link.name);
      expect(
        visualGap(robot, link.name, parent ?? ""),
        `${link.name} floats above ${parent ?? "?"}`,
      ).toBeLessThanOrEqual(1e-9);
    }
  });
});

it("MARIO: no wheel spins through its steering post (moving joints checked too)", () => {
  expect(collisionOverlaps(mario, { exemptMovingJoints: false })).toEqual([]);
});

it("the checks find what they are for: a sensor lifted off its mast, a post pushed into the wheel, a copied face", () => {
  const lifted: Robot = {
    ...mario,
    joints: (mario.joints ?? []).map((j) =>
      j.name === "gps_joint" && j.origin !== undefined
        ? { ...j, origin: { ...j.origin, xyz: [j.origin.xyz[0], j.origin.xyz[1], j.origin.xyz[2] + 0.1] } }
        : j,
    ),
  };
  expect(visualGap(lifted, "gps_link", "base_link")).toBeCloseTo(0.1, 9);
  const pushed: Robot = {
    ...mario,
    links: mario.links.map((l) =>
      l.name === "link1"
        ? {
            ...l,
            collisions: (l.collisions ?? []).map((c) => ({ ...c, origin: { xyz: [0, 0.01, -0.05], rpy: [0, 0, 0] } })),
          }
        : l,
    ),
  };
  expect(
    collisionOverlaps(pushed, { exemptMovingJoints: false }).some((l) => l.startsWith("link1 (box) overlaps link11")),
  ).toBe(true);
  const bumper = robotino.links.find((l) => l.name === "bumper_link");
  const flush: Robot = {
    ...robotino,
    joints: (robotino.joints ?? []).map((j) =>
      j.name === "bumper_joint" && j.origin !== undefined
        ? { ...j, origin: { ...j.origin, xyz: [0, 0, 0.02 + 0.015] } }
        : j,
    ),
  };
  expect(bumper).toBeDefined();
  expect(coincidentFaces(flush).some((l) => l.includes("base_link and bumper_link"))).toBe(true);
});
