import { readFileSync } from "node:fs";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { Artifact } from "../../src/emit/Artifact.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { importExtras } from "../../src/import/importExtras.js";
import { MOBILE_BASE_OVERRIDES, type MobileBaseDrive } from "../../src/import/generated/mobileBaseDriveOf.js";
import { recoverPackage } from "../../src/import/generated/recoverPackage.js";
import type { Drive } from "../../src/model/Drive.js";
import { driveGeometry } from "../../src/model/driveGeometry.js";
import type { Robot } from "../../src/model/Robot.js";
import { formatNumber } from "../../src/util/formatNumber.js";
import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { beyondLastDigit } from "../support/beyondLastDigit.js";
import { type SteerSpec, type WheelSpec, wheeledRobot } from "../support/driveRobots.js";
import { repoRoot } from "../xacro/xacroTestSet.js";

const DISTROS = ["jazzy", "humble"] as const;

const len = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

const geometry = fc.record({
  radius: len(0.02, 0.4),
  front: len(0.02, 0.4),
  wheelbase: len(0.2, 3),
  track: len(0.2, 2),
  steerTrack: len(0.2, 2),
  perSide: fc.integer({ min: 1, max: 3 }),
  maxSpeed: fc.option(len(0.5, 50), { nil: undefined }),
});
type Numbers = typeof geometry extends fc.Arbitrary<infer T> ? T : never;

function steer(joint: string, x: number, y: number, n: Numbers): SteerSpec {
  return { joint, at: [x, y, 0], limits: [-0.6, 0.6], maxRate: 2, wheel: { joint: `${joint}_wheel`, radius: n.front } };
}

function wheel(joint: string, x: number, y: number, n: Numbers): WheelSpec {
  return { joint, at: [x, y, 0], radius: n.radius, ...(n.maxSpeed === undefined ? {} : { maxSpeed: n.maxSpeed }) };
}

/** A valid base of each mobile-base drive type, every number drawn; the drive without overrides. */
const BASES: Readonly<Record<MobileBaseDrive["type"], (n: Numbers) => Robot>> = {
  differential: (n) => {
    const side = (name: string, y: number): WheelSpec[] =>
      Array.from({ length: n.perSide }, (_, i) => wheel(`${name}${i}`, 0.3 * i, y, n));
    const [left, right] = [side("left", n.track / 2), side("right", -n.track / 2)];
    return wheeledRobot({
      wheels: [...left, ...right],
      drive: { type: "differential", left: left.map((w) => w.joint), right: right.map((w) => w.joint) },
    });
  },
  mecanum: (n) =>
    wheeledRobot({
      wheels: [
        wheel("fl", n.wheelbase / 2, n.track / 2, n),
        wheel("fr", n.wheelbase / 2, -n.track / 2, n),
        wheel("rl", -n.wheelbase / 2, n.track / 2, n),
        wheel("rr", -n.wheelbase / 2, -n.track / 2, n),
      ],
      drive: { type: "mecanum", frontLeft: "fl", frontRight: "fr", rearLeft: "rl", rearRight: "rr" },
    }),
  ackermann: (n) =>
    wheeledRobot({
      wheels: [wheel("rl", 0, n.track / 2, n), wheel("rr", 0, -n.track / 2, n)],
      steering: [steer("sl", n.wheelbase, n.steerTrack / 2, n), steer("sr", n.wheelbase, -n.steerTrack / 2, n)],
      drive: { type: "ackermann", steering: ["sl", "sr"], traction: ["rl", "rr"] },
    }),
  bicycle: (n) =>
    wheeledRobot({
      wheels: [wheel("r", 0, 0, n)],
      steering: [steer("s", n.wheelbase, 0, n)],
      drive: { type: "bicycle", steering: "s", traction: "r" },
    }),
  tricycle: (n) =>
    wheeledRobot({
      wheels: [wheel("rl", 0, n.track / 2, n), wheel("rr", 0, -n.track / 2, n)],
      steering: [steer("s", n.wheelbase, 0, n)],
      drive: { type: "tricycle", steering: "s", traction: ["rl", "rr"] },
    }),
};

/** `robot`'s package built for `distro`, its URDF imported and the package read beside it: the robot import gives. */
function roundTrip(robot: Robot, distro: string): { first: Artifact[]; imported: Robot } {
  const first = buildArtifacts(robot, { distro });
  const urdf = first.find((a) => a.path.endsWith(".urdf"));
  if (urdf === undefined) throw new Error("no URDF built");
  const read = descriptionToModel(urdf.content, urdf.path);
  if (read.robot === undefined) throw new Error(read.diagnostics.map((d) => d.message).join("; "));
  const extras = importExtras(urdf.content, urdf.path, read.robot);
  if (extras.robot === undefined) throw new Error("import recovered no robot");
  const files = new Map(first.map((a) => [a.path, a.content] as const));
  return { first, imported: recoverPackage(extras.robot, files, { distro }) };
}

/**
 * The drive a round trip must give back: `drive` without the overrides equal to what the
 * model gives on its own (those write the same package, and import leaves them out), the
 * others as the package prints them (15 digits).
 */
function expectedDrive(robot: Robot, drive: MobileBaseDrive): Drive {
  const plain = Object.fromEntries(
    Object.entries(drive).filter(([k]) => !MOBILE_BASE_OVERRIDES[drive.type].includes(k)),
  ) as MobileBaseDrive;
  const read = driveGeometry({ ...robot, drive: plain }) as unknown as Record<string, unknown>;
  const kept = Object.entries(drive).filter(
    ([k, v]) =>
      !MOBILE_BASE_OVERRIDES[drive.type].includes(k) ||
      Math.abs((v as number) - (read[k] as number)) > 1e-13 * Math.abs(v as number),
  );
  return Object.fromEntries(
    kept.map(([k, v]) => [k, typeof v === "number" ? Number(formatNumber(v)) : v]),
  ) as unknown as Drive;
}

function bodies(list: readonly Artifact[]): string[] {
  return list.map((a) =>
    a.content
      .split("\n")
      .filter((l) => !l.includes("Generated by robokit"))
      .join("\n"),
  );
}

describe("import recovers a mobile-base drive from the package build wrote", () => {
  for (const [type, base] of Object.entries(BASES) as [MobileBaseDrive["type"], (n: Numbers) => Robot][]) {
    for (const distro of DISTROS) {
      it(`${type} (${distro}): a random base comes back with the same drive and writes the same package (to the last digit)`, () => {
        const overrides = fc.record(
          Object.fromEntries(MOBILE_BASE_OVERRIDES[type].map((f) => [f, fc.option(len(0.05, 2), { nil: undefined })])),
        );
        fc.assert(
          fc.property(geometry, overrides, (n, extra) => {
            const robot = base(n);
            const given = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined));
            const drive = { ...robot.drive, ...given } as MobileBaseDrive;
            const { first, imported } = roundTrip({ ...robot, drive }, distro);
            expect(imported.drive).toEqual(expectedDrive(robot, drive));
            const again = buildArtifacts(imported, { distro });
            expect(again.map((a) => a.path)).toEqual(first.map((a) => a.path));
            for (const [i, x] of bodies(first).entries()) {
              const y = bodies(again)[i] ?? "";
              if (x !== y) expect(beyondLastDigit(x, y), first[i]?.path).toBeUndefined();
            }
          }),
          { numRuns: 8 },
        );
      }, 60_000);
    }
  }

  it("takes the wheel radius from the file when no wheel has a round collision to read it from", () => {
    const robot = BASES.differential({
      radius: 0.1,
      front: 0.1,
      wheelbase: 0.5,
      track: 0.4,
      steerTrack: 0.4,
      perSide: 1,
      maxSpeed: 5,
    });
    const boxed: Robot = {
      ...robot,
      links: robot.links.map((l) =>
        l.name.endsWith("_link") && l.name !== "base_link"
          ? { ...l, collisions: [{ geometry: { type: "box", size: [0.2, 0.05, 0.2] } }] }
          : l,
      ),
      drive: { ...(robot.drive as MobileBaseDrive), wheelRadius: 0.1 } as Drive,
    };
    expect(() => driveGeometry({ ...boxed, drive: robot.drive as Drive })).toThrow(RangeError);
    expect(roundTrip(boxed, "jazzy").imported.drive).toEqual(boxed.drive);
  });

  it("takes no drive naming joints the URDF lacks, and no override from a parameter that is not a number", () => {
    const robot = BASES.tricycle({
      radius: 0.1,
      front: 0.1,
      wheelbase: 0.8,
      track: 0.5,
      steerTrack: 0.5,
      perSide: 1,
      maxSpeed: undefined,
    });
    const first = buildArtifacts(robot, {});
    const urdf = first.find((a) => a.path.endsWith(".urdf"));
    const yaml = first.find((a) => a.path.endsWith("_controllers.yaml"));
    if (urdf === undefined || yaml === undefined) throw new Error("no URDF or controllers file built");
    const read = importExtras(
      urdf.content,
      urdf.path,
      descriptionToModel(urdf.content, urdf.path).robot as Robot,
    ).robot;
    if (read === undefined) throw new Error("import recovered no robot");
    const recover = (text: string): Robot =>
      recoverPackage(read, new Map(first.map((a) => [a.path, a === yaml ? text : a.content] as const)), {});
    expect(recover(yaml.content).drive).toEqual(robot.drive);
    const foreign = yaml.content.replaceAll("- s\n", "- nope\n");
    const notNumber = yaml.content.replace(/wheelbase: .*/, "wheelbase: [1, 2]");
    expect([foreign, notNumber]).not.toContain(yaml.content);
    expect(recover(foreign).drive).toBeUndefined();
    expect(recover(notNumber).drive).toEqual(robot.drive);
  });

  it("names as overrides every number field of each drive type in the robot schema", () => {
    const schema = JSON.parse(readFileSync(join(repoRoot, "schemas", "robot.schema.json"), "utf8")) as {
      definitions: Record<string, { properties: Record<string, { type?: string; const?: string }> }>;
    };
    const fromSchema = Object.fromEntries(
      Object.values(schema.definitions)
        .filter((d) => d.properties?.["type"]?.const !== undefined && d.properties["type"].const in BASES)
        .map((d) => [
          d.properties["type"]?.const,
          Object.entries(d.properties)
            .filter(([, p]) => p.type === "number")
            .map(([k]) => k)
            .sort(),
        ]),
    );
    const ours = Object.fromEntries(Object.entries(MOBILE_BASE_OVERRIDES).map(([t, f]) => [t, [...f].sort()]));
    expect(ours).toEqual(fromSchema);
  });
});
