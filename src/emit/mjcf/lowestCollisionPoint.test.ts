import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mario } from "../../../examples/mario/mario.js";
import type { Robot } from "../../model/Robot.js";
import { lowestCollisionPoint } from "./lowestCollisionPoint.js";

function oneShape(shape: Robot["links"][number]["collisions"], z: number, rpy: [number, number, number]): Robot {
  return {
    name: "probe",
    links: [{ name: "root" }, { name: "body", ...(shape === undefined ? {} : { collisions: shape }) }],
    joints: [{ name: "j", type: "fixed", parent: "root", child: "body", origin: { xyz: [0, 0, z], rpy } }],
  };
}

describe("lowestCollisionPoint", () => {
  it("MARIO's wheels touch the ground plane of base_footprint (z = 0)", () => {
    expect(lowestCollisionPoint(mario)).toBeCloseTo(0, 12);
  });

  it("a sphere reaches one radius below its centre, whatever its orientation", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        (z, r, roll) => {
          const low = lowestCollisionPoint(oneShape([{ geometry: { type: "sphere", radius: r } }], z, [roll, 0, 0]));
          expect(low).toBeCloseTo(z - r, 9);
        },
      ),
    );
  });

  it("a cylinder lying on its side reaches its radius below; standing, half its length", () => {
    const lying = lowestCollisionPoint(
      oneShape([{ geometry: { type: "cylinder", radius: 0.1, length: 0.4 } }], 1, [Math.PI / 2, 0, 0]),
    );
    const standing = lowestCollisionPoint(
      oneShape([{ geometry: { type: "cylinder", radius: 0.1, length: 0.4 } }], 1, [0, 0, 0]),
    );
    expect(
      lowestCollisionPoint(oneShape([{ geometry: { type: "box", size: [1, 1, 0.2] } }], 1, [0, 0, 0])),
    ).toBeCloseTo(0.9, 12);
    expect(lying).toBeCloseTo(0.9, 12);
    expect(standing).toBeCloseTo(0.8, 12);
  });

  it("is undefined when nothing can be measured", () => {
    expect(
      lowestCollisionPoint(oneShape([{ geometry: { type: "mesh", uri: "package://x/y.stl" } }], 1, [0, 0, 0])),
    ).toBeUndefined();
    expect(lowestCollisionPoint(oneShape(undefined, 1, [0, 0, 0]))).toBeUndefined();
  });
});
