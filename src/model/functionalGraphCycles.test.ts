// @slow: checks a 100,000-link chain (vitest project `slow`).
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { chainRobot } from "../../bench/support/chainRobot.js";
import { checkRobot } from "./checkRobot.js";
import { functionalGraphCycles } from "./functionalGraphCycles.js";

/** The cycles by the slow definition: a node is on a cycle when following successors returns to it. */
function naiveCycleNodes(next: readonly (number | undefined)[]): Set<number> {
  const on = new Set<number>();
  next.forEach((_, start) => {
    let x = next[start];
    for (let k = 0; k < next.length && x !== undefined; k++) {
      if (x === start) {
        on.add(start);
        break;
      }
      x = next[x];
    }
  });
  return on;
}

describe("functionalGraphCycles", () => {
  it("finds exactly the nodes on cycles, each cycle once and in successor order", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((n) =>
            fc.array(fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: undefined }), { minLength: n, maxLength: n }),
          ),
        (next) => {
          const nodes = next.map((_, i) => i);
          const cycles = functionalGraphCycles(nodes, (i) => next[i]);
          const found = cycles.flat();
          expect(new Set(found).size).toBe(found.length);
          expect(new Set(found)).toEqual(naiveCycleNodes(next));
          for (const c of cycles) c.forEach((node, i) => expect(next[node]).toBe(c[(i + 1) % c.length]));
        },
      ),
    );
  });

  it("a 100,000-link chain is checked without a cycle report, and closing it reports one cycle", () => {
    const robot = chainRobot(100_000);
    expect(checkRobot(robot)).toEqual([]);
    const closed = {
      ...robot,
      joints: [
        ...(robot.joints ?? []),
        {
          name: "back",
          type: "fixed" as const,
          parent: "link_99999",
          child: "link_0",
          origin: { xyz: [0, 0, 0] as const, rpy: [0, 0, 0] as const },
        },
      ],
    };
    const cycles = checkRobot(closed).filter((d) => d.code === "KINEMATIC_CYCLE");
    expect(cycles).toHaveLength(1);
  });
});
