import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { formatNumber, formatVector } from "./formatNumber.js";

describe("formatNumber", () => {
  it("never prints -0, and prints 0 only for zero", () => {
    expect(formatNumber(-0)).toBe("0");
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(1e-13)).toBe("1e-13");
    expect(formatNumber(Math.cos(Math.PI / 2))).not.toBe("0");
  });

  it("trims trailing zeros and keeps integers bare", () => {
    expect(formatNumber(2)).toBe("2");
    expect(formatNumber(0.5)).toBe("0.5");
    expect(formatNumber(-0.030705)).toBe("-0.030705");
    expect(formatVector([1, 0.25, -3])).toBe("1 0.25 -3");
  });

  it("keeps 15 significant digits and drops the float noise below them", () => {
    expect(formatNumber(Math.PI)).toBe("3.14159265358979");
    expect(formatNumber(0.1 + 0.2)).toBe("0.3");
    expect(formatNumber(0.030705 + 0.2)).toBe("0.230705");
    expect(formatNumber(1.2345678901234)).toBe("1.2345678901234");
  });

  it("is the value rounded to 15 digits, printed shortest, for any double (the short path included)", () => {
    const slow = (x: number): string => (x === 0 ? "0" : String(Number(x.toPrecision(15))));
    const short = fc
      .tuple(fc.integer({ min: -99_999_999, max: 99_999_999 }), fc.integer({ min: -12, max: 12 }))
      .map(([m, e]) => m * 10 ** e);
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }), short),
        (x) => {
          expect(formatNumber(x)).toBe(slow(x));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it("rejects non-finite numbers (API misuse)", () => {
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formatNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("reads back within a relative 5e-16, prints its own reading again as the same text, no exponent for ordinary magnitudes", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const text = formatNumber(x);
        expect(text).not.toBe("-0");
        expect(text === "0").toBe(x === 0);
        expect(Math.abs(Number(text) - x)).toBeLessThanOrEqual(Math.abs(x) * 5e-15);
        expect(formatNumber(Number(text))).toBe(text);
        if (Math.abs(x) >= 1e-6 && Math.abs(x) < 1e21) expect(text).not.toMatch(/e/);
        expect(text).not.toMatch(/\.\d*0$/);
      }),
      { numRuns: 2000 },
    );
  });
});
