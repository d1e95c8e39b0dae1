import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { wrapAngle } from "../util/wrapAngle.js";
import { composePoses, invertPose, type Pose, quatFromRpy, rotateVector, rpyFromQuat, transformPoint } from "./Pose.js";
import type { Vec3 } from "./Vector.js";

const rot = (axis: 0 | 1 | 2, a: number, v: Vec3): Vec3 => {
  const c = Math.cos(a),
    s = Math.sin(a);
  const [x, y, z] = v;
  if (axis === 0) return [x, c * y - s * z, s * y + c * z];
  if (axis === 1) return [c * x + s * z, y, -s * x + c * z];
  return [c * x - s * y, s * x + c * y, z];
};

const close = (a: readonly number[], b: readonly number[], tol = 1e-9): void => {
  a.forEach((v, i) => expect(Math.abs(v - b[i]!)).toBeLessThanOrEqual(tol));
};

const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const coord = fc.double({ min: -10, max: 10, noNaN: true });
const poseArb: fc.Arbitrary<Pose> = fc.record({
  xyz: fc.tuple(coord, coord, coord),
  rpy: fc.tuple(angle, fc.double({ min: -1.5, max: 1.5, noNaN: true }), angle),
});

describe("rpy convention: fixed-axis roll, then pitch, then yaw (R = Rz·Ry·Rx)", () => {
  it("yaw of π/2 maps x to y", () => {
    close(rotateVector([0, 0, Math.PI / 2], [1, 0, 0]), [0, 1, 0]);
  });

  it("matches successive rotations about the fixed axes", () => {
    fc.assert(
      fc.property(fc.tuple(angle, angle, angle), fc.tuple(coord, coord, coord), ([r, p, y], v) => {
        const expected = rot(2, y, rot(1, p, rot(0, r, v)));
        close(rotateVector([r, p, y], v), expected, 1e-9);
      }),
    );
  });

  it("quaternion [x, y, z, w] of a pure yaw", () => {
    close(quatFromRpy([0, 0, Math.PI / 2]), [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
  });

  it("rpy → quaternion → rpy is the identity away from gimbal lock", () => {
    fc.assert(
      fc.property(fc.tuple(angle, fc.double({ min: -1.5, max: 1.5, noNaN: true }), angle), (rpy) =>
        close(rpyFromQuat(quatFromRpy(rpy)), rpy, 1e-9),
      ),
    );
  });
});

describe("composition and inversion", () => {
  it("a_T_c applied to a point equals a_T_b after b_T_c", () => {
    fc.assert(
      fc.property(poseArb, poseArb, fc.tuple(coord, coord, coord), (ab, bc, p) => {
        close(transformPoint(composePoses(ab, bc), p), transformPoint(ab, transformPoint(bc, p)), 1e-8);
      }),
    );
  });

  it("pose ∘ inverse is the identity", () => {
    fc.assert(
      fc.property(poseArb, fc.tuple(coord, coord, coord), (ab, p) => {
        close(transformPoint(composePoses(ab, invertPose(ab)), p), p, 1e-8);
      }),
    );
  });

  it("translates then rotates in the parent frame", () => {
    const parent_T_child: Pose = { xyz: [1, 0, 0], rpy: [0, 0, Math.PI / 2] };
    close(transformPoint(parent_T_child, [1, 0, 0]), [1, 1, 0]);
  });
});

describe("wrapAngle", () => {
  it("wraps into (−π, π]", () => {
    expect(wrapAngle(-Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapAngle(3 * Math.PI)).toBeCloseTo(Math.PI, 12);
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (a) => {
        const w = wrapAngle(a);
        expect(w).toBeGreaterThan(-Math.PI);
        expect(w).toBeLessThanOrEqual(Math.PI);
        expect(Math.abs(Math.sin(w) - Math.sin(a))).toBeLessThan(1e-9);
        expect(Math.abs(Math.cos(w) - Math.cos(a))).toBeLessThan(1e-9);
      }),
    );
  });
});
