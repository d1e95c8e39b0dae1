// every actuator limit of the model (position, velocity, effort) reaches the MJCF,
// the SDF (//joint/axis/limit) and the ros2_control block (command and state interfaces).
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { emitMjcf } from "../../src/emit/mjcf/emitMjcf.js";
import { mjcfNames } from "../../src/emit/mjcf/mjcfNames.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Robot } from "../../src/model/Robot.js";

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseAttributeValue: false,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});
const arr = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v === undefined ? [] : [v as Node]);
const text = (v: unknown): number => Number((arr(v)[0] as unknown as { "#text"?: unknown })["#text"] ?? arr(v)[0]);

/** All elements with the given tag anywhere below `n`. */
function all(n: unknown, tag: string, out: Node[] = []): Node[] {
  for (const x of arr(n)) {
    if (typeof x !== "object" || x === null) continue;
    for (const [k, v] of Object.entries(x)) {
      if (k === tag) out.push(...arr(v));
      if (!k.startsWith("@")) all(v, tag, out);
    }
  }
  return out;
}

/** Written numbers carry 8 decimals (formatNumber): compare to 5e-9 plus 1e-9 relative. */
function near(got: readonly number[], want: readonly (number | undefined)[], what: string): void {
  expect(got.length, what).toBe(want.length);
  got.forEach((g, i) => {
    const w = want[i] as number;
    expect(Math.abs(g - w), `${what}: ${g} vs ${w}`).toBeLessThanOrEqual(5e-9 + 1e-9 * Math.abs(w));
  });
}

interface Limits {
  lower?: number;
  upper?: number;
  velocity?: number;
  effort?: number;
}
function limitsOf(j: Joint): Limits {
  switch (j.type) {
    case "revolute":
    case "prismatic":
      return { lower: j.limit.lower, upper: j.limit.upper, velocity: j.limit.velocity, effort: j.limit.effort };
    case "continuous":
      return j.limit === undefined ? {} : { velocity: j.limit.velocity, effort: j.limit.effort };
    default:
      return {};
  }
}

describe.each([mario, robotino] as Robot[])("actuator limits of $name in the generated files", (robot) => {
  const actuated = (robot.joints ?? []).filter((j) => j.actuator !== undefined);
  it("the model has actuated joints with limits", () => {
    expect(actuated.length).toBeGreaterThan(0);
    for (const j of actuated) expect(limitsOf(j).velocity).toBeGreaterThan(0);
  });

  it("MJCF: joint range, actuator forcerange/ctrlrange, velocity limit as a custom numeric", () => {
    const doc = parser.parse(emitMjcf(robot)) as Node;
    const joints = new Map(all(doc, "joint").map((j) => [j["@name"] as string, j]));
    const actuators = [...all(doc, "position"), ...all(doc, "velocity"), ...all(doc, "motor")].filter(
      (a) => a["@joint"] !== undefined,
    );
    const numerics = new Map(all(doc, "numeric").map((n) => [n["@name"] as string, Number(n["@data"])]));
    for (const j of actuated) {
      const l = limitsOf(j);
      const mj = joints.get(j.name);
      expect(mj, j.name).toBeDefined();
      if (l.lower !== undefined)
        near((mj!["@range"] as string).split(" ").map(Number), [l.lower, l.upper], `${j.name} range`);
      const a = actuators.find((x) => x["@joint"] === j.name);
      expect(a, j.name).toBeDefined();
      near(
        (a!["@forcerange"] as string).split(" ").map(Number),
        [-(l.effort as number), l.effort],
        `${j.name} forcerange`,
      );
      const ctrl = (a!["@ctrlrange"] as string).split(" ").map(Number);
      switch (j.actuator?.command) {
        case "position":
          near(ctrl, [l.lower, l.upper], `${j.name} ctrlrange`);
          break;
        case "velocity":
          near(ctrl, [-(l.velocity as number), l.velocity], `${j.name} ctrlrange`);
          break;
        default:
          break;
      }
      near([numerics.get(mjcfNames.velocityLimit(j.name)) ?? NaN], [l.velocity], `${j.name} velocity`);
    }
  });

  it("SDF: //joint/axis/limit lower, upper, effort, velocity", () => {
    const doc = parser.parse(emitSdf(robot)) as Node;
    const joints = new Map(
      all(doc, "joint")
        .filter((j) => j["@name"] !== undefined)
        .map((j) => [j["@name"] as string, j]),
    );
    for (const j of actuated) {
      const l = limitsOf(j);
      const lim = all(joints.get(j.name), "limit")[0];
      expect(lim, j.name).toBeDefined();
      near([text(lim?.["velocity"]), text(lim?.["effort"])], [l.velocity, l.effort], `${j.name} velocity/effort`);
      if (l.lower !== undefined)
        near([text(lim?.["lower"]), text(lim?.["upper"])], [l.lower, l.upper], `${j.name} lower/upper`);
    }
  });

  it("ros2_control: min/max on the command interface and on every state interface", () => {
    const urdf = buildArtifacts(robot, { target: "gz" }).find((a) => a.path.endsWith(".urdf"))?.content ?? "";
    const block = all(parser.parse(urdf), "ros2_control")[0];
    const joints = new Map(all(block, "joint").map((j) => [j["@name"] as string, j]));
    const minMax = (iface: Node | undefined): number[] => {
      const params = arr(iface?.["param"]);
      const get = (n: string) => Number((params.find((p) => p["@name"] === n) as Node | undefined)?.["#text"]);
      return [get("min"), get("max")];
    };
    const expected = (l: Limits, kind: string): number[] | undefined =>
      kind === "position"
        ? l.lower === undefined
          ? undefined
          : [l.lower, l.upper as number]
        : kind === "velocity"
          ? [-(l.velocity as number), l.velocity as number]
          : [-(l.effort as number), l.effort as number];
    for (const j of actuated) {
      const l = limitsOf(j);
      const el = joints.get(j.name);
      expect(el, j.name).toBeDefined();
      const cmd = arr(el?.["command_interface"])[0];
      const want = expected(l, cmd?.["@name"] as string);
      if (want !== undefined) near(minMax(cmd), want, `${j.name} command`);
      for (const st of arr(el?.["state_interface"])) {
        const w = expected(l, st["@name"] as string);
        if (w !== undefined) near(minMax(st), w, `${j.name} ${String(st["@name"])}`);
      }
    }
  });
});
