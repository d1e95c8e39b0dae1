import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { ParamDef } from "./ControllerDefinitions.js";
import { failedValidator } from "./checkParameterValue.js";

const double = fc.double({ noNaN: true, min: -1e6, max: 1e6 });

describe("failedValidator agrees with the validators' definitions (properties)", () => {
  it("gt, gt_eq, lt, lt_eq and bounds compare as written", () => {
    fc.assert(
      fc.property(double, double, double, (v, a, b) => {
        const fails = (validator: [string, ...number[]]): boolean =>
          failedValidator({ t: "double", v: [validator] }, { type: "double", value: v }) !== undefined;
        expect(fails(["gt", a])).toBe(!(v > a));
        expect(fails(["gt_eq", a])).toBe(!(v >= a));
        expect(fails(["lt", a])).toBe(!(v < a));
        expect(fails(["lt_eq", a])).toBe(!(v <= a));
        expect(fails(["bounds", a, b])).toBe(!(v >= a && v <= b));
      }),
    );
  });

  it("NaN passes control_filters' *_or_nan bounds and fails gt", () => {
    const nan = { type: "double", value: Number.NaN } as const;
    expect(failedValidator({ t: "double", v: [["control_filters::gt_eq_or_nan", 0]] }, nan)).toBeUndefined();
    expect(failedValidator({ t: "double", v: [["control_filters::lt_eq_or_nan", 0]] }, nan)).toBeUndefined();
    expect(failedValidator({ t: "double", v: [["gt", 0]] }, nan)).toBeDefined();
  });

  it("array validators: unique, size_lt, size_gt, fixed_size, subset_of, element_bounds", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 6 }), fc.nat(6), (xs, n) => {
        const value = { type: "string_array", value: xs } as const;
        const fails = (v: ParamDef["v"]): boolean => failedValidator({ t: "string_array", v: v! }, value) !== undefined;
        expect(fails([["unique"]])).toBe(new Set(xs).size !== xs.length);
        expect(fails([["size_lt", n]])).toBe(!(xs.length < n));
        expect(fails([["size_gt", n]])).toBe(!(xs.length > n));
        expect(fails([["fixed_size", n]])).toBe(xs.length !== n);
        expect(fails([["not_empty"]])).toBe(xs.length === 0);
        expect(fails([["subset_of", ["a", "b"]]])).toBe(xs.some((x) => x !== "a" && x !== "b"));
      }),
    );
    fc.assert(
      fc.property(fc.array(double, { maxLength: 6 }), double, double, (xs, a, b) => {
        const value = { type: "double_array", value: xs } as const;
        const failed = failedValidator({ t: "double_array", v: [["element_bounds", a, b]] }, value);
        expect(failed !== undefined).toBe(xs.some((x) => x < a || x > b));
      }),
    );
  });
});
