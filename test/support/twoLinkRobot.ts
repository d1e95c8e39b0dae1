import type { Robot } from "../../src/model/Robot.js";

/**
 * A small valid robot used as the base of mutation tests: every rejection test starts from
 * it and breaks exactly one thing.
 */
export function twoLinkRobot(): Robot {
  return {
    name: "arm",
    materials: [{ name: "grey", rgba: [0.5, 0.5, 0.5, 1] }],
    links: [
      {
        name: "base",
        visuals: [{ geometry: { type: "box", size: [0.2, 0.2, 0.1] }, material: "grey" }],
        collisions: [{ geometry: { type: "box", size: [0.2, 0.2, 0.1] } }],
        inertial: { mass: 2, inertia: { ixx: 0.01, ixy: 0, ixz: 0, iyy: 0.01, iyz: 0, izz: 0.013 } },
      },
      {
        name: "arm",
        visuals: [
          { origin: { xyz: [0, 0, 0.15], rpy: [0, 0, 0] }, geometry: { type: "cylinder", radius: 0.03, length: 0.3 } },
        ],
        inertial: {
          mass: 0.5,
          origin: { xyz: [0, 0, 0.15], rpy: [0, 0, 0] },
          inertia: { ixx: 0.004, ixy: 0, ixz: 0, iyy: 0.004, iyz: 0, izz: 0.0002 },
        },
      },
    ],
    joints: [
      {
        name: "servo1",
        type: "revolute",
        parent: "base",
        child: "arm",
        origin: { xyz: [0, 0, 0.05], rpy: [0, 0, 0] },
        axis: [0, 0, 1],
        limit: { lower: -1.5, upper: 1.5, effort: 5, velocity: 2 },
      },
    ],
  };
}
