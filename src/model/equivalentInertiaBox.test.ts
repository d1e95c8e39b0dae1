import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { equivalentInertiaBox, type InertiaBox } from "./equivalentInertiaBox.js";
import type { InertiaTensor } from "./Inertial.js";
import { boxInertia, inertiaMatrix, rotateInertia } from "./inertia.js";
import { composePoses, quatFromRpy, rotationFromRpy } from "./Pose.js";
import type { Quat, Vec3 } from "./Vector.js";

const side = fc.double({ min: 0.01, max: 3, noNaN: true });
const sizes = fc.tuple(side, side, side);
const mass = fc.double({ min: 0.01, max: 500, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const rpys = fc.tuple(angle, angle, angle);
const coordinate = fc.double({ min: -2, max: 2, noNaN: true });
const points = fc.tuple(coordinate, coordinate, coordinate);

/** Rotation matrix (rows) of a unit quaternion [x, y, z, w]; not through rpy, which loses precision at ±90° pitch. */
function matrixOfQuat(q: Quat): number[][] {
  const [x, y, z, w] = q;
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
    [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
    [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
  ];
}

/** R · diag(d) · Rᵀ. */
function conjugate(r: readonly (readonly number[])[], d: Vec3): number[][] {
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => [0, 1, 2].reduce((s, k) => s + r[i]![k]! * d[k]! * r[j]![k]!, 0)));
}

/** The box's second moments of shape, R · diag(size²) · Rᵀ, in the link frame: the same whatever order and signs its axes come in. */
function shapeMatrix(rpy: Vec3, size: Vec3): number[][] {
  return conjugate(rotationFromRpy(rpy), [size[0] ** 2, size[1] ** 2, size[2] ** 2]);
}

function boxShape(box: InertiaBox): number[][] {
  return conjugate(matrixOfQuat(box.orientation), [box.size[0] ** 2, box.size[1] ** 2, box.size[2] ** 2]);
}

function expectClose(actual: number[][], expected: number[][], scale: number): void {
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) expect(Math.abs(actual[i]![j]! - expected[i]![j]!)).toBeLessThan(1e-9 * scale);
}

const asList = (t: InertiaTensor): number[] => [t.ixx, t.ixy, t.ixz, t.iyy, t.iyz, t.izz];

describe("equivalentInertiaBox", () => {
  it("a box's own tensor gives back its sides, at the inertial origin", () => {
    fc.assert(
      fc.property(sizes, mass, points, (size, m, xyz) => {
        const box = equivalentInertiaBox({ mass: m, origin: { xyz, rpy: [0, 0, 0] }, inertia: boxInertia(m, size) });
        expect(box?.physical).toBe(true);
        const got = [...(box?.size ?? [])].sort((a, b) => a - b);
        const want = [...size].sort((a, b) => a - b);
        for (let k = 0; k < 3; k++) expect(got[k]).toBeCloseTo(want[k]!, 9);
        expect(box?.center).toEqual(xyz);
      }),
    );
  });

  it("a rotated tensor gives the rotated box (tensor turned by rpy, and an inertial origin turned too)", () => {
    fc.assert(
      fc.property(sizes, mass, rpys, rpys, (size, m, inTensor, inOrigin) => {
        // The tensor of a box turned by inTensor, expressed in an inertial frame turned by inOrigin.
        const box = equivalentInertiaBox({
          mass: m,
          origin: { xyz: [0, 0, 0], rpy: inOrigin },
          inertia: rotateInertia(boxInertia(m, size), inTensor),
        });
        if (box === undefined) throw new Error("no box");
        const linkRpy = composePoses({ xyz: [0, 0, 0], rpy: inOrigin }, { xyz: [0, 0, 0], rpy: inTensor }).rpy;
        expectClose(boxShape(box), shapeMatrix(linkRpy, size), Math.max(...size) ** 2);
      }),
    );
  });

  it("any physical tensor is the tensor of its box, turned by the box's orientation", () => {
    // Principal moments from three positive sides' squares: every triple meeting the triangle inequality.
    fc.assert(
      fc.property(sizes, mass, rpys, (size, m, rpy) => {
        const tensor = rotateInertia(boxInertia(m, size), rpy);
        const box = equivalentInertiaBox({ mass: m, inertia: tensor });
        if (box === undefined) throw new Error("no box");
        const own = boxInertia(m, box.size);
        const back = conjugate(matrixOfQuat(box.orientation), [own.ixx, own.iyy, own.izz]);
        expectClose(back, inertiaMatrix(tensor) as unknown as number[][], Math.max(...asList(tensor).map(Math.abs)));
        expect(box.moments[0]).toBeGreaterThanOrEqual(box.moments[1]);
        expect(box.moments[1]).toBeGreaterThanOrEqual(box.moments[2]);
      }),
    );
  });

  it("a tensor breaking the triangle inequality is drawn flat and marked not physical; no mass, no box", () => {
    const box = equivalentInertiaBox({ mass: 2, inertia: { ixx: 1, ixy: 0, ixz: 0, iyy: 1, iyz: 0, izz: 3 } });
    expect(box?.physical).toBe(false);
    // izz > ixx + iyy: the side along z would be imaginary.
    const r = matrixOfQuat(box?.orientation ?? [0, 0, 0, 1]);
    const zAxisSide = box?.size[[0, 1, 2].find((k) => Math.abs(r[2]![k]!) > 0.99)!];
    expect(zAxisSide).toBe(0);
    const flat = boxInertia(3, [0.4, 0.2, 0]);
    expect(equivalentInertiaBox({ mass: 3, inertia: flat })?.physical).toBe(true);
    expect(equivalentInertiaBox({ mass: 0, inertia: boxInertia(1, [1, 1, 1]) })).toBeUndefined();
    expect(
      equivalentInertiaBox({ mass: 1, inertia: { ...boxInertia(1, [1, 1, 1]), ixy: Number.NaN } }),
    ).toBeUndefined();
  });

  it("the orientation is a unit quaternion whose rotation maps box axes to principal axes", () => {
    const box = equivalentInertiaBox({
      mass: 1,
      origin: { xyz: [0, 0, 0], rpy: [0, 0, Math.PI / 2] },
      inertia: boxInertia(1, [0.6, 0.2, 0.1]),
    });
    const q = box?.orientation ?? [0, 0, 0, 0];
    expect(Math.hypot(...q)).toBeCloseTo(1, 12);
    // The 0.6 m side lay along the inertial x, which the origin turns onto the link's y.
    const r = matrixOfQuat(q);
    const size = box?.size ?? [0, 0, 0];
    const longest = size.indexOf(Math.max(...size));
    expect(Math.abs(r[1]![longest]!)).toBeCloseTo(1, 9);
    expect(size[longest]).toBeCloseTo(0.6, 12);
    expect(quatFromRpy([0, 0, 0])).toEqual([0, 0, 0, 1]);
  });
});
