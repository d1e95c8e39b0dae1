import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { bundledExamples } from "../../src/cli/bundledExamples.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import type { Robot } from "../../src/model/Robot.js";
import { checkRobotData } from "../../src/model/checkRobotData.js";
import { defaultDistro } from "../../src/emit/gazebo/RosDistro.js";
import { checkArtifacts } from "../../src/validate/output/checkArtifacts.js";

/** Every number and string of a robot, by JSON pointer. */
function leaves(data: unknown, pointer = ""): { pointer: string; value: unknown }[] {
  if (typeof data !== "object" || data === null) return [{ pointer, value: data }];
  return Object.entries(data).flatMap(([k, v]) => leaves(v, `${pointer}/${k}`));
}

function setAt(data: unknown, pointer: string, value: unknown): void {
  const parts = pointer.split("/").slice(1);
  const last = parts.pop()!;
  let at = data as Record<string, unknown>;
  for (const p of parts) at = at[p] as Record<string, unknown>;
  at[last] = value;
}

// Zero, negatives, fractions and large values a typo makes; strings that are empty, reserved or need escaping.
const NUMBERS = [0, -1, -0.5, 0.5, 3, 1e9, -1e9, 1e-300];
const STRINGS = ["", "a b", "x", "world", "base_link", "<", "&amp;", "package://", "joint"];

describe("property: a robot the model check accepts gives files robokit's own checks accept", () => {
  it("holds for the examples with up to three numbers or names changed", async () => {
    const bases: Robot[] = [];
    for (const example of Object.values(bundledExamples))
      bases.push(structuredClone((await example.load())[example.exportName]) as Robot);
    fc.assert(
      fc.property(
        fc.nat({ max: bases.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 3 }),
        fc.constantFrom("gz", "classic", "ros1"),
        (b, changes, target) => {
          const robot = structuredClone(bases[b]!);
          const changed: string[] = [];
          for (const [at, pick] of changes) {
            const places = leaves(robot).filter((l) => typeof l.value === "number" || typeof l.value === "string");
            const place = places[at % places.length]!;
            const value =
              typeof place.value === "number" ? NUMBERS[pick % NUMBERS.length] : STRINGS[pick % STRINGS.length];
            setAt(robot, place.pointer, value);
            changed.push(`${place.pointer} = ${JSON.stringify(value)}`);
          }
          if (checkRobotData(robot).some((d) => d.severity === "error")) return;
          let artifacts: ReturnType<typeof buildArtifacts>;
          try {
            artifacts = buildArtifacts(robot, { target });
          } catch (error) {
            // A model problem the emitters find (a scaffolding error) carries diagnostics: exit 1, not a crash.
            expect(
              Array.isArray((error as { diagnostics?: unknown }).diagnostics),
              `${changed}: ${String(error)}`,
            ).toBe(true);
            return;
          }
          const errors = checkArtifacts(artifacts, defaultDistro(target));
          expect(
            errors.map((d) => `${d.file}: ${d.message}`),
            changed.join(", "),
          ).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  }, 300_000);
});

describe("the controllers file is checked with the files it is built with", () => {
  it("refuses robokit's controllers YAML once a double is written as an integer or a joint is not in the URDF", async () => {
    const example = bundledExamples["cart"]!;
    const robot = (await example.load())[example.exportName] as Robot;
    const artifacts = buildArtifacts(robot, { target: "gz", distro: "jazzy" });
    expect(checkArtifacts(artifacts, "jazzy")).toEqual([]);
    const yaml = artifacts.find((a) => a.path.endsWith("_controllers.yaml"))!;
    const corrupt = (edit: (text: string) => string) =>
      checkArtifacts(
        artifacts.map((a) => (a === yaml ? { ...a, content: edit(a.content) } : a)),
        "jazzy",
      );
    const integer = corrupt((t) => t.replace(/wheel_radius: [0-9.e-]+/, "wheel_radius: 1"));
    expect(integer.map((d) => [d.file, d.code])).toEqual([[yaml.path, "PARAMETER_TYPE_MISMATCH"]]);
    const joint = corrupt((t) => t.replace("left_wheel_joint", "left_weel_joint"));
    expect(joint.map((d) => d.code)).toContain("CONTROLLER_JOINT_UNKNOWN");
    // ROS 1 parameters are ros_control's, which the ros2_controllers definitions do not describe.
    expect(checkArtifacts(buildArtifacts(robot, { target: "ros1" }), "noetic")).toEqual([]);
  });
});
