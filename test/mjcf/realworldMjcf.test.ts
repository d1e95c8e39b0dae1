import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { checkMjcf } from "../../src/emit/mjcf/checkMjcf.js";
import { emitMjcf, type MjcfFixedJoints } from "../../src/emit/mjcf/emitMjcf.js";
import { mjcfLosses } from "../../src/emit/mjcf/mjcfLosses.js";
import { principalMoments, rotateInertia } from "../../src/model/inertia.js";
import type { Robot } from "../../src/model/Robot.js";
import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { mujocoProbeMany, type ProbedModel } from "../support/mujocoProbe.js";
import { realworldRoot } from "../support/testData.js";

// @slow: one MuJoCo 2.2.2 process compiles every real robot robokit reads, twice.

/** Every distinct URDF and SDF of the real-world set that robokit reads into a model. */
function realRobots(): { path: string; robot: Robot }[] {
  const rows = readFileSync(join(realworldRoot, "MANIFEST.tsv"), "utf8")
    .split("\n")
    .slice(1)
    .filter((l) => l !== "")
    .map((l) => l.split("\t"));
  const out: { path: string; robot: Robot }[] = [];
  for (const [path, , , , kind, , dup] of rows) {
    if ((kind !== "urdf" && kind !== "sdf") || (dup ?? "") !== "" || path === undefined) continue;
    const file = join(realworldRoot, path);
    const robot = descriptionToModel(readFileSync(file, "utf8"), file).robot;
    if (robot !== undefined) out.push({ path, robot });
  }
  return out;
}

/** Principal moments, ascending, of MuJoCo's body inertia and of the link's tensor. */
function sorted(v: readonly number[]): number[] {
  return [...v].sort((a, b) => a - b);
}

function expectInertialsKept(path: string, robot: Robot, model: ProbedModel): void {
  // Links whose inertial robokit changed because MuJoCo refuses it are named, and skipped here.
  const changed = new Set(
    mjcfLosses(robot)
      .filter((d) => /MuJoCo refuses a moving body|triangle inequality/.test(d.message))
      .map((d) => /^link "([^"]*)"/.exec(d.message)?.[1]),
  );
  for (const link of robot.links) {
    const i = link.inertial;
    if (i === undefined || changed.has(link.name) || link.name === "world") continue;
    const body = model.bodies.find((b) => b.name === link.name);
    expect(body, `${path}: body ${link.name}`).toBeDefined();
    expect(Math.abs(body!.mass - i.mass), `${path}: ${link.name} mass`).toBeLessThanOrEqual(1e-9 * Math.abs(i.mass));
    // A massless frame has no centre of mass to keep (robokit writes no inertial for it).
    if (i.mass === 0) continue;
    const xyz = i.origin?.xyz ?? [0, 0, 0];
    const size = Math.max(...xyz.map(Math.abs));
    xyz.forEach((c, k) =>
      expect(Math.abs(body!.ipos[k]! - c), `${path}: ${link.name} ipos`).toBeLessThanOrEqual(1e-9 * size),
    );
    const want = sorted(principalMoments(rotateInertia(i.inertia, i.origin?.rpy ?? [0, 0, 0])));
    const scale = Math.max(...want.map(Math.abs));
    const got = sorted(body!.inertia);
    // Moments under mjMINVAL are written as zero (MuJoCo's own zero).
    want.forEach((w, k) =>
      expect(Math.abs(got[k]! - w), `${path}: ${link.name} moment ${k}`).toBeLessThanOrEqual(
        Math.max(1e-9 * scale, 1e-15),
      ),
    );
  }
}

describe("every real robot robokit reads becomes MJCF that MuJoCo 2.2.2 loads, its inertials kept", () => {
  const probe = mujocoProbeMany("real-world MJCF conversions in MuJoCo 2.2.2");
  const robots = realRobots();

  it("reads a large set (URDF and SDF)", () => {
    expect(robots.length).toBeGreaterThan(400);
  });

  for (const mode of ["weld", "merge"] as const satisfies readonly MjcfFixedJoints[])
    it(`fixedJoints "${mode}": robokit's own MJCF check passes and MuJoCo compiles every file`, () => {
      const xmls = robots.map(({ robot }) => emitMjcf(robot, { fixedJoints: mode }));
      xmls.forEach((xml, k) => expect(checkMjcf(xml, robots[k]!.path), robots[k]!.path).toEqual([]));
      if (probe === undefined) return;
      const models = probe(xmls);
      const refused = models.flatMap((m, k) => (typeof m === "string" ? [`${robots[k]!.path}: ${m}`] : []));
      expect(refused).toEqual([]);
      // Welded, every body is a link: mass, centre of mass and principal moments as the file says.
      if (mode === "weld")
        models.forEach((m, k) => expectInertialsKept(robots[k]!.path, robots[k]!.robot, m as ProbedModel));
    });
});
