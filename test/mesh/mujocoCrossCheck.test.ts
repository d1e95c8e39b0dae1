import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import {
  massPropertiesAtDensity,
  meshMassProperties,
  type MassProperties,
} from "../../src/parse/mesh/meshMassProperties.js";
import { readStl } from "../../src/parse/mesh/readStl.js";
import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { symmetricEigen3Into } from "../../src/util/symmetricEigen3.js";
import { boxSolid, cornerTetrahedron, rightPrism, toStlBinary, type Solid } from "../support/meshFiles.js";
import { haveTool, runTool } from "../support/tools.js";

/**
 * MuJoCo computes a body's mass, centre of mass and principal inertia from its mesh geoms when
 * it compiles an MJCF (inertiafromgeom, geom density). The solids here are convex, where every
 * MuJoCo inertia mode (legacy, convex, exact) is exact; coordinates are exact in float32, which
 * MuJoCo and binary STL store.
 */
const DENSITY = 1000;
const here = dirname(fileURLToPath(import.meta.url));

/** A box turned 30° about z then 45° about x (so MuJoCo's principal axes differ from the mesh axes). */
function turnedBox(): Solid {
  const b = boxSolid([-0.5, -0.25, -1], [0.5, 0.25, 1]);
  const [c1, s1, c2, s2] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6), Math.SQRT1_2, Math.SQRT1_2];
  const turn = ([x, y, z]: readonly [number, number, number]): [number, number, number] => {
    const [x1, y1] = [c1 * x - s1 * y, s1 * x + c1 * y];
    return [Math.fround(x1 + 3), Math.fround(c2 * y1 - s2 * z), Math.fround(s2 * y1 + c2 * z - 2)];
  };
  return { positions: b.positions.map(turn), faces: b.faces };
}

const solids: [string, Solid][] = [
  ["unit_cube", boxSolid([0, 0, 0], [1, 1, 1])],
  ["box_off_origin", boxSolid([2, -3, 0.5], [2.5, -1, 4.5])],
  ["tetrahedron", cornerTetrahedron(1, 2, 3)],
  ["prism", rightPrism(2, 1, 0.5)],
  ["turned_box", turnedBox()],
];

/**
 * What MuJoCo before 2.3.x reports for a mesh geom (google-deepmind/mujoco issue #1472: "the old
 * computation inferred the volume of the object from the inertia box"): the same centre of mass
 * and principal axes, but the mass is density × the volume of the box with the solid's second
 * moments (for a box, the box itself), and the moments scale with that mass. Derived from
 * robokit's answer; equal to it for boxes only.
 */
function inertiaBoxMass(ours: MassProperties): MassProperties {
  const [i1, i2, i3] = principal(ours).map((v) => v / ours.mass) as [number, number, number];
  // Box of full sides a, b, c: I1/m = (b² + c²)/12, …; so a² = 6 (I2 + I3 − I1)/m, and so on.
  const side = (p: number, q: number, r: number): number => Math.sqrt(6 * (q + r - p));
  const mass = DENSITY * side(i1, i2, i3) * side(i2, i1, i3) * side(i3, i1, i2);
  return { mass, com: ours.com, inertia: { ixx: mass * i1, iyy: mass * i2, izz: mass * i3, ixy: 0, ixz: 0, iyz: 0 } };
}

/** robokit's answer for the binary STL MuJoCo reads. */
function robokitOf(solid: Solid): MassProperties {
  const read = readStl(toStlBinary(solid), "s.stl");
  const m = meshMassProperties(read.mesh!, "s.stl");
  expect(m.diagnostics).toEqual([]);
  return massPropertiesAtDensity(m.properties!, DENSITY);
}

function principal(p: MassProperties): number[] {
  const i = p.inertia;
  const a = Float64Array.of(i.ixx, i.ixy, i.ixz, i.ixy, i.iyy, i.iyz, i.ixz, i.iyz, i.izz);
  const values = new Float64Array(3);
  symmetricEigen3Into(a, values, new Float64Array(9));
  return [...values].sort((x, y) => x - y);
}

function mjcf(meshdir: string, files: readonly string[]): string {
  const assets = solids.map(([name], k) => `<mesh name="${name}" file="${files[k]}"/>`).join("");
  const bodies = solids
    .map(([name]) => `<body name="${name}"><geom type="mesh" mesh="${name}" density="${DENSITY}"/></body>`)
    .join("");
  return `<mujoco model="inertia"><compiler meshdir="${meshdir}" inertiafromgeom="true"/><asset>${assets}</asset><worldbody>${bodies}</worldbody></mujoco>`;
}

/** Checks a MuJoCo body (mass, ipos, principal inertia) against robokit within `relative` (of the largest value of each kind). */
function expectAgreement(
  name: string,
  mass: number,
  ipos: readonly number[],
  inertia: readonly number[],
  ours: MassProperties,
  relative = 1e-6,
): void {
  expect(Math.abs(mass - ours.mass), `${name} mass ${mass} vs ${ours.mass}`).toBeLessThanOrEqual(relative * ours.mass);
  const size = Math.max(1, ...ours.com.map(Math.abs));
  ours.com.forEach((c, k) =>
    expect(Math.abs(ipos[k]! - c), `${name} com[${k}] ${ipos[k]} vs ${c}`).toBeLessThanOrEqual(relative * size),
  );
  const want = principal(ours);
  const got = [...inertia].sort((x, y) => x - y);
  want.forEach((w, k) =>
    expect(Math.abs(got[k]! - w), `${name} principal moment ${k}: ${got[k]} vs ${w}`).toBeLessThanOrEqual(
      relative * Math.max(...want),
    ),
  );
}

describe("mass properties agree with MuJoCo's inertia from mesh geoms", () => {
  it("mujoco-js (MuJoCo 3.x WebAssembly): body mass, centre of mass and principal moments", async () => {
    const mj = await loadMujoco();
    const dir = "/robokit-inertia";
    if (!mj.FS.analyzePath(dir, false).exists) mj.FS.mkdir(dir);
    // MuJoCo reads binary STL only.
    const files = solids.map(([name]) => `${name}.stl`);
    solids.forEach(([, solid], k) => mj.FS.writeFile(`${dir}/${files[k]}`, toStlBinary(solid)));
    mj.FS.writeFile(`${dir}/model.xml`, mjcf(dir, files));
    const model = mj.MjModel.loadFromXML(`${dir}/model.xml`);
    expect(model).not.toBeNull();
    try {
      const mass = model!.body_mass as Float64Array;
      const ipos = model!.body_ipos as Float64Array;
      const inertia = model!.body_inertia as Float64Array;
      expect(mass.length).toBe(solids.length + 1);
      solids.forEach(([name, solid], k) => {
        const b = k + 1; // body 0 is the world
        expectAgreement(
          name,
          mass[b]!,
          [...ipos.subarray(3 * b, 3 * b + 3)],
          [...inertia.subarray(3 * b, 3 * b + 3)],
          robokitOf(solid),
        );
      });
    } finally {
      model!.delete();
    }
  });

  describe("MuJoCo 2.2.2 (Debian libmujoco-dev)", () => {
    const dir = mkdtempSync(join(tmpdir(), "robokit-inertia-mj-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const files = solids.map(([name]) => `${name}.stl`);
    const model = join(dir, "model.xml");
    solids.forEach(([, solid], k) => writeFileSync(join(dir, files[k]!), toStlBinary(solid)));
    writeFileSync(model, mjcf(dir, files));

    it("MuJoCo 2.2.2 takes the mass from the equivalent inertia box: equal to robokit for boxes, not for the tetrahedron and the prism", () => {
      // So that the comparison below is not of robokit with itself: the box rule changes only non-boxes.
      const ratios = solids.map(([, solid]) => inertiaBoxMass(robokitOf(solid)).mass / robokitOf(solid).mass);
      expect(ratios.map((r) => Math.abs(r - 1) < 1e-6)).toEqual([true, true, false, false, true]);
    });

    it("full precision: a small C program prints the compiled bodies (mj_loadXML): centre of mass, and mass and principal moments by the inertia-box rule", () => {
      if (
        !haveTool("cc", "mesh inertia cross-check with MuJoCo 2.2.2 (C compiler)") ||
        !haveTool("mujoco-compile", "mesh inertia cross-check with MuJoCo 2.2.2")
      )
        return;
      const program = join(dir, "mjBodyInertia");
      const build = runTool("cc", ["-O1", "-o", program, join(here, "mjBodyInertia.c"), "-lmujoco"]);
      expect(build.status, build.stderr).toBe(0);
      const run = runTool(program, [model]);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^version 2\d\d\n/);
      const bodies = [...run.stdout.matchAll(/^body (\d+) (.*)$/gm)].map((m) => m[2]!.split(" ").map(Number));
      expect(bodies.length).toBe(solids.length + 1);
      solids.forEach(([name, solid], k) => {
        const b = bodies[k + 1]!;
        expectAgreement(name, b[0]!, b.slice(1, 4), b.slice(4, 7), inertiaBoxMass(robokitOf(solid)), 1e-6);
      });
    });

    it("mujoco-compile's text dump agrees at the 2 significant digits it prints", () => {
      if (!haveTool("mujoco-compile", "mesh inertia cross-check with MuJoCo 2.2.2")) return;
      const run = runTool("mujoco-compile", [model, join(dir, "model.txt")], { cwd: dir });
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/error/i);
      const dump = readFileSync(join(dir, "model.txt"), "utf8");
      // mj_printModel: one "BODY n:" block per body with "body_mass", "body_ipos", "body_inertia" rows (%.2g).
      const blocks = dump.split(/\n\s*BODY \d+:\n/).slice(1);
      expect(blocks.length).toBe(solids.length + 1);
      const row = (block: string, key: string): number[] => {
        const m = new RegExp(`^\\s*${key}\\s+(.*)$`, "m").exec(block);
        expect(m, key).not.toBeNull();
        return m![1]!.trim().split(/\s+/).map(Number);
      };
      solids.forEach(([name, solid], k) => {
        const block = blocks[k + 1]!;
        expectAgreement(
          name,
          row(block, "body_mass")[0]!,
          row(block, "body_ipos"),
          row(block, "body_inertia"),
          inertiaBoxMass(robokitOf(solid)),
          0.05,
        );
      });
    });
  });
});
