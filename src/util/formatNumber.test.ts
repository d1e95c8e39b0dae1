import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { formatNumber, formatVector } from "./formatNumber.js";

describe("formatNumber", () => {
  it("never prints -0 or float noise around zero", () => {
    expect(formatNumber(-0)).toBe("0");
    expect(formatNumber(Math.cos(Math.PI / 2))).toBe("0");
    expect(formatNumber(-1e-15)).toBe("0");
  });

  it("trims trailing zeros and keeps integers bare", () => {
    expect(formatNumber(2)).toBe("2");
    expect(formatNumber(0.5)).toBe("0.5");
    expect(formatNumber(-0.030705)).toBe("-0.030705");
    expect(formatVector([1, 0.25, -3])).toBe("1 0.25 -3");
  });

  it("rounds to 9 significant digits", () => {
    expect(formatNumber(Math.PI)).toBe("3.14159265");
    expect(formatNumber(0.1 + 0.2)).toBe("0.3");
  });

  it("rejects non-finite numbers (API misuse)", () => {
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formatNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("parses back to the value within 9 significant digits, without exponent for ordinary magnitudes", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }), (x) => {
        const text = formatNumber(x);
        expect(text).not.toBe("-0");
        const back = Number(text);
        if (Math.abs(x) < 1e-12) {
          expect(back).toBe(0);
        } else {
          expect(Math.abs(back - x)).toBeLessThanOrEqual(Math.abs(x) * 5e-9 + 1e-12);
        }
        if (Math.abs(x) >= 1e-6) expect(text).not.toMatch(/e/);
        expect(text).not.toMatch(/\.\d*0$/);
      }),
      { numRuns: 2000 },
    );
  });
});
