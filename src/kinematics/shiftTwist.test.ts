import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { se2ExpInto } from "./se2Exp.js";
import { baseMotionFromPointInto, twistAtPointInto } from "./shiftTwist.js";

const num = fc.double({ min: -2, max: 2, noNaN: true });

describe("twists and motions between parallel frames", () => {
  it("the base's constant-twist motion equals the point frame's, carried back (property)", () => {
    fc.assert(
      fc.property(num, num, num, num, num, (px, py, vx, vy, w) => {
        const base = se2ExpInto(new Float64Array(3), vx, vy, w);
        const t = twistAtPointInto(new Float64Array(3), px, py, vx, vy, w);
        const atP = se2ExpInto(new Float64Array(3), t[0] as number, t[1] as number, t[2] as number);
        const back = baseMotionFromPointInto(new Float64Array(3), px, py, atP[0] as number, atP[1] as number, w);
        expect(back[0]).toBeCloseTo(base[0] as number, 9);
        expect(back[1]).toBeCloseTo(base[1] as number, 9);
      }),
    );
  });

  it("a point on the axis of a pure rotation stands still", () => {
    const t = twistAtPointInto(new Float64Array(3), 1, 0, 0, 1, 1);
    expect([...t]).toEqual([0, 2, 1]);
    const c = twistAtPointInto(new Float64Array(3), -1, 0, 0, 1, 1);
    expect([c[0], c[1]]).toEqual([0, 0]);
  });
});
