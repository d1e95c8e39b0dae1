import type { Joint } from "../../src/model/Joint.js";
import type { Link } from "../../src/model/Link.js";
import type { Robot } from "../../src/model/Robot.js";
import { box } from "../../src/model/shapes.js";
import { solidLink } from "../../src/model/solidLink.js";

/**
 * A valid serial chain of `links` links (link i hangs from link i−1): the deepest tree a
 * robot can have, the worst case for anything that walks parents. Revolute and fixed
 * joints alternate; every link is a 10 cm box of 1 kg.
 */
export function chainRobot(links: number): Robot {
  const ls: Link[] = [];
  const js: Joint[] = [];
  for (let i = 0; i < links; i++) {
    ls.push(
      solidLink(`link_${i}`, { shape: box(0.1, 0.1, 0.1), mass: 1, origin: { xyz: [0, 0, 0.05], rpy: [0, 0, 0] } }),
    );
    if (i === 0) continue;
    const base = {
      name: `joint_${i}`,
      parent: `link_${i - 1}`,
      child: `link_${i}`,
      origin: { xyz: [0, 0, 0.1] as const, rpy: [0, 0, 0] as const },
    };
    js.push(
      i % 2 === 0
        ? { ...base, type: "fixed" }
        : { ...base, type: "revolute", axis: [0, 0, 1], limit: { lower: -1, upper: 1, effort: 10, velocity: 2 } },
    );
  }
  return { name: `chain_${links}`, links: ls, joints: js };
}
