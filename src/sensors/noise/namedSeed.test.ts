import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { namedSeed } from "./namedSeed.js";

const seeds = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });

describe("namedSeed", () => {
  it("is a 32-bit integer, the same for the same seed and name (property)", () => {
    fc.assert(
      fc.property(seeds, fc.string(), (seed, name) => {
        const s = namedSeed(seed, name);
        expect(Number.isInteger(s) && s >= -(2 ** 31) && s < 2 ** 31).toBe(true);
        expect(namedSeed(seed, name)).toBe(s);
      }),
    );
  });

  it("gives each name its own stream and each seed its own value (property)", () => {
    fc.assert(
      fc.property(seeds, seeds, (a, b) => {
        fc.pre(a !== b);
        expect(namedSeed(a, "profile")).not.toBe(namedSeed(b, "profile"));
        expect(namedSeed(a, "profile")).not.toBe(namedSeed(a, "friction"));
        expect(namedSeed(a, "profile")).not.toBe(a);
      }),
    );
  });
});
