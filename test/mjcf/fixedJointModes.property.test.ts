import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { emitMjcf } from "../../src/emit/mjcf/emitMjcf.js";
import type { Inertial } from "../../src/model/Inertial.js";
import { rotateInertia } from "../../src/model/inertia.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Link } from "../../src/model/Link.js";
import type { Robot } from "../../src/model/Robot.js";
import { mjcfSubtreeMass } from "../support/mjcfMassProperties.js";

const coordinate = fc.double({ min: -1, max: 1, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const pose = fc.record({ xyz: fc.tuple(coordinate, coordinate, coordinate), rpy: fc.tuple(angle, angle, angle) });

/** A physical inertial: principal moments meeting the triangle inequality, turned by a random rotation. */
const inertial: fc.Arbitrary<Inertial> = fc
  .record({
    mass: fc.double({ min: 0.1, max: 10, noNaN: true }),
    origin: pose,
    a: fc.double({ min: 0.01, max: 1, noNaN: true }),
    b: fc.double({ min: 0.01, max: 1, noNaN: true }),
    t: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    turn: fc.tuple(angle, angle, angle),
  })
  .map(({ mass, origin, a, b, t, turn }) => {
    const c = Math.abs(a - b) + t * (a + b - Math.abs(a - b));
    return { mass, origin, inertia: rotateInertia({ ixx: a, iyy: b, izz: c, ixy: 0, ixz: 0, iyz: 0 }, turn) };
  });

/** A random tree: link k > 0 hangs from an earlier link by a fixed or revolute joint. */
const tree: fc.Arbitrary<Robot> = fc
  .array(
    fc.record({
      parent: fc.nat(),
      fixed: fc.boolean(),
      origin: pose,
      inertial: fc.option(inertial, { freq: 4 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .chain((specs) =>
    inertial.map((rootInertial): Robot => {
      const links: Link[] = [{ name: "l0", inertial: rootInertial }];
      const joints: Joint[] = [];
      specs.forEach((s, i) => {
        const k = i + 1;
        links.push({ name: `l${k}`, ...(s.inertial === null ? {} : { inertial: s.inertial }) });
        const common = { name: `j${k}`, parent: `l${s.parent % k}`, child: `l${k}`, origin: s.origin };
        joints.push(
          s.fixed
            ? { ...common, type: "fixed" }
            : { ...common, type: "revolute", axis: [0, 0, 1], limit: { lower: -1, upper: 1, effort: 1, velocity: 1 } },
        );
      });
      return { name: "tree", links, joints };
    }),
  );

function close(a: number, b: number, scale: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(scale, 1);
}

describe("fixed joints welded or merged: the same mass distribution", () => {
  it("every surviving body's subtree has the same mass, centre of mass and inertia (property)", () => {
    fc.assert(
      fc.property(tree, (robot) => {
        const welded = mjcfSubtreeMass(emitMjcf(robot, { world: "none" }));
        const merged = mjcfSubtreeMass(emitMjcf(robot, { world: "none", fixedJoints: "merge" }));
        // Merging removes bodies, never adds any.
        expect([...merged.keys()].every((n) => welded.has(n))).toBe(true);
        const total = welded.get("l0")!;
        for (const [name, m] of merged) {
          const w = welded.get(name)!;
          expect(close(m.mass, w.mass, total.mass), `${name} mass ${m.mass} vs ${w.mass}`).toBe(true);
          m.com.forEach((c, k) => expect(close(c, w.com[k]!, 10), `${name} com[${k}]`).toBe(true));
          const scale = Math.max(...w.inertia.flat().map(Math.abs));
          m.inertia.forEach((row, i) =>
            row.forEach((v, j) => expect(close(v, w.inertia[i]![j]!, scale), `${name} I[${i}][${j}]`).toBe(true)),
          );
        }
      }),
      { numRuns: 100 },
    );
  });
});
