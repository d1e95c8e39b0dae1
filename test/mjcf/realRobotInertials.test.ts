import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { emitMjcf } from "../../src/emit/mjcf/emitMjcf.js";
import { mjcfLosses } from "../../src/emit/mjcf/mjcfLosses.js";
import { rotateInertia } from "../../src/model/inertia.js";
import type { Robot } from "../../src/model/Robot.js";
import { urdfToModel } from "../../src/parse/urdfToModel.js";
import { mujocoProbe, type ProbedBody } from "../support/mujocoProbe.js";
import { realworldRoot } from "../support/testData.js";

/**
 * Real robots converted to MJCF keep their mass properties: MuJoCo 2.2.2 (the C library,
 * mj_loadXML) compiles each body's mass, centre of mass and principal inertia and frame, and
 * they must equal the URDF's inertial to 1e-9 relative.
 */
const ROBOTS = {
  // An arm: off-diagonal inertias, a mimic finger, fixed joints to massless frames.
  panda: "Gepetto+example-robot-data/robots/panda_description/urdf/panda.urdf",
  // A mobile base with arms, wheels commanded by <ros2_control> velocity interfaces.
  tiagoPro: "Gepetto+example-robot-data/robots/tiago_pro_description/robots/tiago_pro.urdf",
} as const;

function read(path: string): Robot {
  const file = join(realworldRoot, path);
  const r = urdfToModel(readFileSync(file, "utf8"), file);
  expect(r.robot, JSON.stringify(r.diagnostics.slice(0, 3))).toBeDefined();
  return r.robot!;
}

/** R · diag(p) · Rᵀ for a MuJoCo quaternion [w, x, y, z]: the tensor in the body axes. */
function tensorOf(iquat: readonly number[], p: readonly number[]): number[][] {
  const [w, x, y, z] = iquat as [number, number, number, number];
  const r = [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
  return r.map((_, i) => r.map((__, j) => [0, 1, 2].reduce((s, k) => s + r[i]![k]! * p[k]! * r[j]![k]!, 0)));
}

function expectBodyMatchesLink(body: ProbedBody, robot: Robot): void {
  const link = robot.links.find((l) => l.name === body.name)!;
  const i = link.inertial!;
  const o = i.origin ?? { xyz: [0, 0, 0], rpy: [0, 0, 0] };
  const want = rotateInertia(i.inertia, o.rpy);
  const wantM = [
    [want.ixx, want.ixy, want.ixz],
    [want.ixy, want.iyy, want.iyz],
    [want.ixz, want.iyz, want.izz],
  ];
  const got = tensorOf(body.iquat, body.inertia);
  const scale = Math.max(...wantM.flat().map(Math.abs));
  expect(Math.abs(body.mass - i.mass), `${body.name} mass`).toBeLessThanOrEqual(1e-9 * i.mass);
  const size = Math.max(...o.xyz.map(Math.abs), 1e-300);
  o.xyz.forEach((c, k) =>
    expect(Math.abs(body.ipos[k]! - c), `${body.name} ipos[${k}]`).toBeLessThanOrEqual(1e-9 * size),
  );
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      expect(Math.abs(got[r]![c]! - wantM[r]![c]!), `${body.name} I[${r}][${c}]`).toBeLessThanOrEqual(1e-9 * scale);
}

describe("real robots' inertials survive MJCF, as MuJoCo 2.2.2 compiles them", () => {
  const probe = mujocoProbe("real robots' MJCF inertials in MuJoCo 2.2.2");

  for (const [key, path] of Object.entries(ROBOTS))
    it(`${key}: every link with mass has MuJoCo's body mass, centre of mass and full tensor (off-diagonal terms too)`, () => {
      if (probe === undefined) return;
      const robot = read(path);
      const model = probe(emitMjcf(robot));
      const withMass = robot.links.filter((l) => (l.inertial?.mass ?? 0) > 0);
      expect(withMass.length).toBeGreaterThan(5);
      // The tensors are not all diagonal: the comparison covers products of inertia.
      expect(withMass.some((l) => l.inertial!.inertia.ixy !== 0 || l.inertial!.inertia.ixz !== 0)).toBe(true);
      for (const link of withMass) {
        const body = model.bodies.find((b) => b.name === link.name);
        expect(body, link.name).toBeDefined();
        expectBodyMatchesLink(body!, robot);
      }
      // One body per link (and MuJoCo's world), the root free on the floor.
      expect(model.bodies.length).toBe(robot.links.length + 1);
      const total = robot.links.reduce((m, l) => m + (l.inertial?.mass ?? 0), 0);
      expect(Math.abs(model.bodies[0]!.subtreemass - total)).toBeLessThanOrEqual(1e-9 * total);
      // What MuJoCo refused and robokit changed is named.
      const changed = mjcfLosses(robot).filter((d) => /MuJoCo refuses|triangle/.test(d.message));
      for (const d of changed) expect(d.severity).toBe("warning");
    });
});
