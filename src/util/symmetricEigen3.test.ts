import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { symmetricEigen3Into } from "./symmetricEigen3.js";

describe("symmetricEigen3Into", () => {
  it("A·v = λ·v, sorted eigenvalues, right-handed orthonormal vectors (property)", () => {
    const e = fc.double({ min: -10, max: 10, noNaN: true });
    fc.assert(
      fc.property(e, e, e, e, e, e, (a, b, c, d, f, g) => {
        const m = [a, b, c, b, d, f, c, f, g];
        const values = new Float64Array(3);
        const v = new Float64Array(9);
        symmetricEigen3Into(Float64Array.from(m), values, v);
        expect(values[0]).toBeGreaterThanOrEqual(values[1] as number);
        expect(values[1]).toBeGreaterThanOrEqual(values[2] as number);
        const scale = 1 + Math.max(...m.map(Math.abs));
        for (let k = 0; k < 3; k++) {
          for (let r = 0; r < 3; r++) {
            let av = 0;
            for (let c2 = 0; c2 < 3; c2++) av += (m[3 * r + c2] as number) * (v[3 * c2 + k] as number);
            expect(Math.abs(av - (values[k] as number) * (v[3 * r + k] as number))).toBeLessThan(1e-10 * scale);
          }
          for (let l = 0; l < 3; l++) {
            const dot =
              (v[k] as number) * (v[l] as number) +
              (v[3 + k] as number) * (v[3 + l] as number) +
              (v[6 + k] as number) * (v[6 + l] as number);
            expect(dot).toBeCloseTo(k === l ? 1 : 0, 12);
          }
        }
        const det =
          (v[0] as number) * ((v[4] as number) * (v[8] as number) - (v[5] as number) * (v[7] as number)) -
          (v[1] as number) * ((v[3] as number) * (v[8] as number) - (v[5] as number) * (v[6] as number)) +
          (v[2] as number) * ((v[3] as number) * (v[7] as number) - (v[4] as number) * (v[6] as number));
        expect(det).toBeCloseTo(1, 12);
      }),
      { numRuns: 500 },
    );
  });
});
