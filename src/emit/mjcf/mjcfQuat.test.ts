import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { quatFromRpy, rotationFromRpy } from "../../model/Pose.js";
import { mjcfQuatFromRpy, toMjcfQuat } from "./mjcfQuat.js";

/** Rotation matrix of a MuJoCo quaternion [w x y z] (textbook formula, independent of gl-matrix). */
function matrixOfWxyz(q: readonly number[]): number[][] {
  const [w = 0, x = 0, y = 0, z = 0] = q;
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
}

describe("MJCF quaternion order", () => {
  it("moves w to the front", () => {
    expect(toMjcfQuat([0.1, 0.2, 0.3, 0.9])).toEqual([0.9, 0.1, 0.2, 0.3]);
  });

  it("a yaw of +90° is [cos 45°, 0, 0, sin 45°] in MJCF order", () => {
    const q = mjcfQuatFromRpy([0, 0, Math.PI / 2]);
    expect(q[0]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(q[3]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(Math.abs(q[1]) + Math.abs(q[2])).toBeLessThan(1e-12);
  });

  it("represents the same rotation as the URDF rpy for any angles", () => {
    const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
    fc.assert(
      fc.property(angle, angle, angle, (r, p, y) => {
        const expected = rotationFromRpy([r, p, y]);
        const actual = matrixOfWxyz(mjcfQuatFromRpy([r, p, y]));
        for (let i = 0; i < 3; i++)
          for (let j = 0; j < 3; j++) expect(actual[i]?.[j]).toBeCloseTo(expected[i]?.[j] ?? Number.NaN, 9);
        const q = quatFromRpy([r, p, y]);
        expect(Math.hypot(...q)).toBeCloseTo(1, 12);
      }),
    );
  });
});
