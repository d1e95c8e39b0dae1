import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { closestName, editDistance } from "./closestName.js";

describe("closestName", () => {
  it("suggests the declared name for a typo, and nothing for a distant name", () => {
    expect(closestName("wheel_seperation", ["wheel_radius", "wheel_separation"])).toBe("wheel_separation");
    expect(closestName("odom_frame", ["odom_frame_id", "base_frame_id"])).toBe("odom_frame_id");
    expect(closestName("foo", ["wheel_radius", "wheel_separation"])).toBeUndefined();
  });

  it("finds a name one edit away among others (property)", () => {
    const name = fc.stringMatching(/^[a-z_]{6,20}$/);
    fc.assert(
      fc.property(name, fc.nat(), fc.array(fc.stringMatching(/^[0-9]{6,20}$/)), (n, at, others) => {
        const i = at % n.length;
        const typo = `${n.slice(0, i)}${n[i] === "x" ? "y" : "x"}${n.slice(i + 1)}`;
        expect(closestName(typo, [...others, n])).toBe(n);
      }),
    );
  });

  it("edit distance is a metric on small strings (property)", () => {
    const s = fc.string({ maxLength: 8 });
    fc.assert(
      fc.property(s, s, s, (a, b, c) => {
        expect(editDistance(a, a)).toBe(0);
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, c)).toBeLessThanOrEqual(editDistance(a, b) + editDistance(b, c));
      }),
    );
  });
});
