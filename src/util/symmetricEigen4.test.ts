import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { symmetricEigen4Into } from "./symmetricEigen4.js";

describe("symmetricEigen4Into", () => {
  it("A·v = λ·v, sorted eigenvalues, orthonormal vectors (property)", () => {
    const e = fc.double({ min: -10, max: 10, noNaN: true });
    fc.assert(
      fc.property(fc.array(e, { minLength: 10, maxLength: 10 }), (u) => {
        const m = new Array<number>(16).fill(0);
        let k = 0;
        for (let i = 0; i < 4; i++)
          for (let j = i; j < 4; j++) {
            m[4 * i + j] = u[k] as number;
            m[4 * j + i] = u[k++] as number;
          }
        const values = new Float64Array(4);
        const v = new Float64Array(16);
        symmetricEigen4Into(Float64Array.from(m), values, v);
        const scale = 1 + Math.max(...m.map(Math.abs));
        for (let c = 0; c < 4; c++) {
          if (c < 3) expect(values[c]).toBeGreaterThanOrEqual(values[c + 1] as number);
          for (let r = 0; r < 4; r++) {
            let av = 0;
            for (let j = 0; j < 4; j++) av += (m[4 * r + j] as number) * (v[4 * j + c] as number);
            expect(Math.abs(av - (values[c] as number) * (v[4 * r + c] as number))).toBeLessThan(1e-10 * scale);
          }
          for (let l = 0; l < 4; l++) {
            let dot = 0;
            for (let r = 0; r < 4; r++) dot += (v[4 * r + c] as number) * (v[4 * r + l] as number);
            expect(dot).toBeCloseTo(c === l ? 1 : 0, 12);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
