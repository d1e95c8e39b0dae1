// `robokit xacro` starts without V8's optimizing compiler (a real robot expands before it pays
// off) and switches it back on through ExpandXacroOptions.onLongRun, which the step budget calls
// once a run passes XACRO_LONG_RUN_STEPS. These check that hook: when it fires, that it fires
// once, and that the budget's own bound is unchanged by it.
import { readFileSync } from "node:fs";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { expandXacroFile } from "../../src/cli/readXacro.js";
import { expandXacro } from "../../src/parse/xacro/expandXacro.js";
import {
  XACRO_LIMITS,
  XACRO_LONG_RUN_STEPS,
  XacroBudget,
  XacroBudgetError,
} from "../../src/parse/xacro/XacroBudget.js";
import { xacroDataRoot } from "./xacroTestSet.js";

const host = { readFile: () => undefined, findPackage: () => undefined, env: () => undefined };

/** A chain of `n` links made by one macro: about 80 evaluation steps per link. */
function chain(n: number): string {
  const calls = Array.from({ length: n }, (_, i) => `  <xacro:seg i="${i + 1}" parent="l${i}"/>`).join("\n");
  return `<?xml version="1.0"?>
<robot name="chain" xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:macro name="seg" params="i parent">
    <link name="l\${i}"><visual><origin xyz="0 0 \${0.1*2}" rpy="0 \${pi/2} 0"/><geometry><cylinder radius="\${0.05}" length="\${0.1+i*0.001}"/></geometry></visual></link>
    <joint name="j\${i}" type="revolute"><parent link="\${parent}"/><child link="l\${i}"/><limit lower="\${-pi}" upper="\${pi}" effort="10" velocity="1"/></joint>
  </xacro:macro>
  <link name="l0"/>
${calls}
</robot>
`;
}

describe("the step budget's long-run hook", () => {
  it("fires exactly once, on the step that passes the mark, for any way of counting the steps", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 200 }),
        (mark, steps) => {
          let calls = 0;
          let firedAt: number | undefined;
          const budget = new XacroBudget({ steps: mark, call: () => ((calls += 1), (firedAt = budget.steps)) });
          for (const n of steps) budget.step(n);
          const total = steps.reduce((a, b) => a + b, 0);
          expect(calls).toBe(total > mark ? 1 : 0);
          if (firedAt !== undefined) {
            // The count when it fired is the first running total past the mark.
            const totals = steps.map((_, i) => steps.slice(0, i + 1).reduce((a, b) => a + b, 0));
            expect(firedAt).toBe(totals.find((t) => t > mark));
          }
        },
      ),
    );
  });

  it("leaves the step bound where it was: the step past maxSteps throws, with or without a hook", () => {
    for (const budget of [new XacroBudget(), new XacroBudget({ steps: 10, call: () => undefined })]) {
      budget.step(XACRO_LIMITS.maxSteps);
      expect(() => budget.step()).toThrow(XacroBudgetError);
    }
  });

  it("fires for a generated 2,000-link chain, not for the largest real robot of the test set", () => {
    let fired = 0;
    const long = expandXacro(chain(2_000), "chain.urdf.xacro", {
      path: "/x/chain.urdf.xacro",
      host,
      onLongRun: () => (fired += 1),
    });
    expect(long.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(fired).toBe(1);
    // Unitree Go1: the most steps (about 7,400) of the 35 bench robots.
    const go1 = join(xacroDataRoot, "unitreerobotics+unitree_ros/robots/go1_description/xacro/robot.xacro");
    let firedGo1 = 0;
    const real = expandXacroFile(go1, go1, readFileSync(go1, "utf8"), {}, [], true, () => (firedGo1 += 1));
    expect(real.root).toBeDefined();
    expect(firedGo1).toBe(0);
    expect(XACRO_LONG_RUN_STEPS).toBeGreaterThan(10 * 7_400);
  });
});
