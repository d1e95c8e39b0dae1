import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { median } from "../../bench/support/median.js";

describe("median (the benchmarks' statistic)", () => {
  it("is the middle value, the mean of the two middle ones for an even count, NaN for none", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("splits the values in halves, whatever their order, and leaves them as they were", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 40 }), (xs) => {
        const before = [...xs];
        const m = median(xs);
        expect(xs).toEqual(before);
        expect(xs.filter((x) => x < m).length).toBeLessThanOrEqual(xs.length / 2);
        expect(xs.filter((x) => x > m).length).toBeLessThanOrEqual(xs.length / 2);
        // == : 0 and -0 tie in the sort, and either may be the middle one.
        expect(median([...xs].reverse()) === m).toBe(true);
      }),
    );
  });
});
