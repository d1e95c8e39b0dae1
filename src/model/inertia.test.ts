import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { Geometry } from "./Geometry.js";
import type { InertiaTensor } from "./Inertial.js";
import {
  boxInertia,
  capsuleInertia,
  combineInertials,
  cylinderInertia,
  inertiaProblem,
  principalMoments,
  rotateInertia,
  shapeInertia,
  shiftInertia,
  sphereInertia,
} from "./inertia.js";

/** Tensor of a homogeneous solid by midpoint-rule integration over a grid (independent of the closed forms). */
function numericInertia(
  mass: number,
  inside: (x: number, y: number, z: number) => boolean,
  half: readonly [number, number, number],
  n = 60,
): InertiaTensor {
  let count = 0;
  const s = { xx: 0, yy: 0, zz: 0, xy: 0, xz: 0, yz: 0 };
  for (let i = 0; i < n; i++) {
    const x = -half[0] + ((i + 0.5) * 2 * half[0]) / n;
    for (let j = 0; j < n; j++) {
      const y = -half[1] + ((j + 0.5) * 2 * half[1]) / n;
      for (let k = 0; k < n; k++) {
        const z = -half[2] + ((k + 0.5) * 2 * half[2]) / n;
        if (!inside(x, y, z)) continue;
        count++;
        s.xx += x * x;
        s.yy += y * y;
        s.zz += z * z;
        s.xy += x * y;
        s.xz += x * z;
        s.yz += y * z;
      }
    }
  }
  const m = mass / count;
  return {
    ixx: m * (s.yy + s.zz),
    iyy: m * (s.xx + s.zz),
    izz: m * (s.xx + s.yy),
    ixy: -m * s.xy,
    ixz: -m * s.xz,
    iyz: -m * s.yz,
  };
}

function expectClose(a: InertiaTensor, b: InertiaTensor, rel: number): void {
  const scale = Math.max(a.ixx, a.iyy, a.izz);
  for (const k of ["ixx", "iyy", "izz", "ixy", "ixz", "iyz"] as const)
    expect(Math.abs(a[k] - b[k])).toBeLessThanOrEqual(rel * scale);
}

describe("closed-form tensors agree with numerical integration", () => {
  it("box", () => {
    expectClose(
      boxInertia(3, [0.4, 0.2, 0.1]),
      numericInertia(3, () => true, [0.2, 0.1, 0.05]),
      2e-3,
    );
  });
  it("cylinder (axis z)", () => {
    expectClose(
      cylinderInertia(2, 0.1, 0.3),
      numericInertia(2, (x, y) => x * x + y * y <= 0.01, [0.1, 0.1, 0.15]),
      1e-2,
    );
  });
  it("sphere", () => {
    expectClose(
      sphereInertia(5, 0.2),
      numericInertia(5, (x, y, z) => x * x + y * y + z * z <= 0.04, [0.2, 0.2, 0.2]),
      1e-2,
    );
  });
  it("capsule (axis z)", () => {
    const r = 0.05,
      l = 0.2;
    const inside = (x: number, y: number, z: number): boolean => {
      const dz = Math.max(0, Math.abs(z) - l / 2);
      return x * x + y * y + dz * dz <= r * r;
    };
    expectClose(capsuleInertia(1.5, r, l), numericInertia(1.5, inside, [r, r, l / 2 + r], 80), 1e-2);
  });
  it("mesh has no closed form", () => {
    expect(() => shapeInertia(1, { type: "mesh", uri: "package://x/a.stl" })).toThrow(/mesh/);
  });
});

describe("parallel axis, rotation and sums", () => {
  it("two half boxes side by side sum to the whole box", () => {
    const half = boxInertia(1, [0.2, 0.2, 0.3]);
    const whole = combineInertials([
      { mass: 1, origin: { xyz: [-0.1, 0, 0], rpy: [0, 0, 0] }, inertia: half },
      { mass: 1, origin: { xyz: [0.1, 0, 0], rpy: [0, 0, 0] }, inertia: half },
    ]);
    expect(whole.mass).toBe(2);
    expect(whole.origin?.xyz).toEqual([0, 0, 0]);
    expectClose(whole.inertia, boxInertia(2, [0.4, 0.2, 0.3]), 1e-12);
  });

  it("rotating a cylinder 90° about x swaps its y and z moments", () => {
    const c = cylinderInertia(1, 0.1, 0.5);
    const r = rotateInertia(c, [Math.PI / 2, 0, 0]);
    expect(r.iyy).toBeCloseTo(c.izz, 12);
    expect(r.izz).toBeCloseTo(c.iyy, 12);
    expect(r.ixx).toBeCloseTo(c.ixx, 12);
  });

  it("shifting by d adds m·d² about perpendicular axes (Steiner)", () => {
    const s = shiftInertia(sphereInertia(2, 0.1), 2, [0, 0, 0.5]);
    expect(s.ixx).toBeCloseTo(0.008 + 2 * 0.25, 12);
    expect(s.izz).toBeCloseTo(0.008, 12);
  });

  const shape: fc.Arbitrary<Geometry> = fc.oneof(
    fc
      .tuple(
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        fc.double({ min: 0.01, max: 2, noNaN: true }),
      )
      .map(([x, y, z]) => ({ type: "box" as const, size: [x, y, z] as const })),
    fc
      .tuple(fc.double({ min: 0.01, max: 1, noNaN: true }), fc.double({ min: 0.01, max: 2, noNaN: true }))
      .map(([r, l]) => ({ type: "cylinder" as const, radius: r, length: l })),
    fc.double({ min: 0.01, max: 1, noNaN: true }).map((r) => ({ type: "sphere" as const, radius: r })),
  );
  const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
  const offset = fc.double({ min: -1, max: 1, noNaN: true });

  it("property: rotation keeps the principal moments; every combination is physically valid", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: 0.1, max: 10, noNaN: true }),
            shape,
            fc.tuple(offset, offset, offset),
            fc.tuple(angle, angle, angle),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        (parts) => {
          for (const [m, g, , rpy] of parts) {
            const t = shapeInertia(m, g);
            const a = principalMoments(t);
            const b = principalMoments(rotateInertia(t, rpy));
            for (let i = 0; i < 3; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThanOrEqual(1e-9 * Math.max(...a));
            expect(inertiaProblem(t)).toBeUndefined();
          }
          const total = combineInertials(
            parts.map(([mass, g, xyz, rpy]) => ({ mass, origin: { xyz, rpy }, inertia: shapeInertia(mass, g) })),
          );
          expect(inertiaProblem(total.inertia)).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("inertiaProblem", () => {
  it("rejects a tensor that is not positive definite", () => {
    expect(inertiaProblem({ ixx: 1, iyy: 1, izz: 0, ixy: 0, ixz: 0, iyz: 0 })).toBe("not-positive-definite");
    expect(inertiaProblem({ ixx: 1, iyy: 1, izz: 1, ixy: 2, ixz: 0, iyz: 0 })).toBe("not-positive-definite");
  });
  it("rejects a tensor that breaks the triangle inequality", () => {
    expect(inertiaProblem({ ixx: 1, iyy: 1, izz: 3, ixy: 0, ixz: 0, iyz: 0 })).toBe("triangle-inequality");
  });
  it("accepts the limit case of a thin rod within tolerance", () => {
    expect(inertiaProblem(cylinderInertia(1, 1e-4, 1))).toBeUndefined();
  });
});
