import type { Joint } from "../../src/model/Joint.js";
import type { Link } from "../../src/model/Link.js";
import type { Robot } from "../../src/model/Robot.js";
import { box, cylinder } from "../../src/model/shapes.js";
import { solidLink } from "../../src/model/solidLink.js";

/**
 * A valid robot of `links` links for benchmarks: a tree where link i hangs from link
 * ⌊(i−1)/3⌋ (branching 3, so depth grows like log n), alternating revolute, continuous,
 * prismatic and fixed joints, box and cylinder bodies, all with inertials.
 */
export function syntheticRobot(links: number): Robot {
  const ls: Link[] = [];
  const js: Joint[] = [];
  for (let i = 0; i < links; i++) {
    const shape = i % 2 === 0 ? box(0.1, 0.05, 0.2) : cylinder(0.03, 0.2);
    ls.push(
      solidLink(`link_${i}`, {
        shape,
        mass: 1 + (i % 5) * 0.1,
        material: "grey",
        origin: { xyz: [0, 0, 0.1], rpy: [0, 0, 0] },
      }),
    );
    if (i === 0) continue;
    const parent = `link_${Math.floor((i - 1) / 3)}`;
    const origin = { xyz: [0.05 * ((i % 3) - 1), 0.02, 0.2] as const, rpy: [0, 0, 0.1 * (i % 7)] as const };
    const base = { name: `joint_${i}`, parent, child: `link_${i}`, origin };
    const limit = { lower: -1, upper: 1, effort: 10, velocity: 2 };
    switch (i % 4) {
      case 0:
        js.push({ ...base, type: "revolute", axis: [0, 0, 1], limit });
        break;
      case 1:
        js.push({ ...base, type: "continuous", axis: [0, 1, 0], limit: { effort: 5, velocity: 3 } });
        break;
      case 2:
        js.push({ ...base, type: "prismatic", axis: [1, 0, 0], limit });
        break;
      default:
        js.push({ ...base, type: "fixed" });
    }
  }
  return { name: `synthetic_${links}`, materials: [{ name: "grey", rgba: [0.5, 0.5, 0.5, 1] }], links: ls, joints: js };
}
