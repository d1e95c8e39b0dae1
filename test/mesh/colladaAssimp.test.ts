import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { readCollada } from "../../src/parse/mesh/readCollada.js";
import { readStl } from "../../src/parse/mesh/readStl.js";
import { boxSolid, toDae } from "../support/meshFiles.js";
import { repoRoot } from "../support/testData.js";
import { haveTool, runTool } from "../support/tools.js";

/**
 * robokit's COLLADA reader (what `convert -f mjcf` writes as STL) against assimp, the importer of
 * RViz and Gazebo: the same triangles, unit and node transforms applied. assimp turns every scene
 * to its own y-up convention, so a Z_UP file's assimp (X, Y, Z) is robokit's (X, −Z, Y); a Y_UP
 * file is left as written by both (robokit ignores <up_axis> as Gazebo and RViz do).
 */
const here = dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(join(tmpdir(), "robokit-assimp-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const data = join(repoRoot, "test", "data", "mjcf-meshes");
const box = boxSolid([0, 0, 0], [0.1, 0.2, 0.3]);
// Rotation axes are unit vectors: assimp does not normalise a <rotate> axis, robokit does.
writeFileSync(
  join(work, "y_up_mm.dae"),
  toDae(box, {
    meter: 0.001,
    upAxis: "Y_UP",
    nodeTransform: "<translate>10 20 30</translate><rotate>0.6 0.8 0 30</rotate><scale>1 2 3</scale>",
  }),
);
writeFileSync(
  join(work, "z_up_cm.dae"),
  toDae(box, {
    meter: 0.01,
    nodeTransform: "<matrix>0 -1 0 5 1 0 0 6 0 0 1 7 0 0 0 1</matrix><rotate>0 0 1 45</rotate>",
  }),
);
const files = [
  join(data, "example-robot-data/robots/hector_description/meshes/quadrotor/quadrotor_base.dae"),
  join(data, "example-robot-data/robots/iris_description/meshes/iris_prop_cw.dae"),
  join(data, "example-robot-data/robots/iris_description/meshes/iris_prop_ccw.dae"),
  join(data, "gazebo_models/pioneer2dx/meshes/chassis.dae"),
  join(work, "y_up_mm.dae"),
  join(work, "z_up_cm.dae"),
];

type Corner = readonly [number, number, number];

/** assimp's corners in robokit's frame, by the file's declared up axis. */
function fromAssimp(text: string, upAxis: string | undefined): Corner[] {
  const out: Corner[] = [];
  for (const line of text.trim().split("\n")) {
    const n = line.split(" ").slice(1).map(Number);
    for (let k = 0; k < 9; k += 3) {
      const [x, y, z] = [n[k]!, n[k + 1]!, n[k + 2]!];
      out.push(upAxis === "Z_UP" ? [x, -z, y] : [x, y, z]);
    }
  }
  return out;
}

/** Every corner of `ours` matched one to one by a corner of `theirs` within `tolerance` (m). */
function expectSameCorners(ours: readonly Corner[], theirs: readonly Corner[], tolerance: number): void {
  expect(ours.length).toBe(theirs.length);
  const cell = (v: number): number => Math.floor(v / (10 * tolerance));
  const grid = new Map<string, number[]>();
  theirs.forEach((c, i) => {
    const key = c.map(cell).join(",");
    grid.set(key, [...(grid.get(key) ?? []), i]);
  });
  const used = new Uint8Array(theirs.length);
  let unmatched = 0;
  for (const c of ours) {
    let found = -1;
    for (let dx = -1; dx <= 1 && found < 0; dx++)
      for (let dy = -1; dy <= 1 && found < 0; dy++)
        for (let dz = -1; dz <= 1 && found < 0; dz++) {
          const key = [cell(c[0]) + dx, cell(c[1]) + dy, cell(c[2]) + dz].join(",");
          for (const i of grid.get(key) ?? [])
            if (used[i] === 0 && theirs[i]!.every((v, k) => Math.abs(v - c[k]!) <= tolerance)) {
              found = i;
              break;
            }
        }
    if (found < 0) unmatched++;
    else used[found] = 1;
  }
  expect(unmatched).toBe(0);
}

function robokitCorners(file: string): { corners: Corner[]; upAxis: string | undefined } {
  const read = readCollada(readFileSync(file), file);
  const p = read.mesh!.positions;
  const corners = [...read.mesh!.indices].map((i): Corner => [p[3 * i]!, p[3 * i + 1]!, p[3 * i + 2]!]);
  return { corners, upAxis: read.upAxis };
}

describe("COLLADA as robokit converts it agrees with assimp", () => {
  it.each(files.map((f) => [f.split("/").pop()!, f]))(
    "%s: libassimp (C API) places the same triangles",
    (_name, file) => {
      const header = "/usr/include/assimp/cimport.h";
      if (!haveTool("cc", "COLLADA cross-check with libassimp (C compiler)")) return;
      if (!existsSync(header)) {
        if (process.env["CI"] === "true")
          throw new Error(`${header} is missing in CI; .ci/run must install libassimp-dev`);
        process.stderr.write(
          `\n*** SKIPPED: COLLADA cross-check with libassimp: ${header} is missing (libassimp-dev) ***\n\n`,
        );
        return;
      }
      const program = join(work, "assimpTriangles");
      if (!existsSync(program)) {
        const build = runTool("cc", ["-O1", "-o", program, join(here, "assimpTriangles.c"), "-lassimp"]);
        expect(build.status, build.stderr).toBe(0);
      }
      const run = runTool(program, [file]);
      expect(run.status, run.stderr).toBe(0);
      const ours = robokitCorners(file);
      expectSameCorners(ours.corners, fromAssimp(run.stdout, ours.upAxis), 1e-6);
    },
  );

  it.each(files.map((f) => [f.split("/").pop()!, f]))(
    "%s: `assimp export x.dae x.stl` writes the same triangles as convert -f mjcf",
    (_name, file) => {
      if (!haveTool("assimp", "COLLADA cross-check with `assimp export` (assimp-utils)")) return;
      const stl = join(work, `${file.split("/").pop()}.stl`);
      const run = runTool("assimp", ["export", file, stl]);
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      const read = readStl(readFileSync(stl), stl);
      const p = read.mesh!.positions;
      const theirs = [...read.mesh!.indices].map((i): Corner => [p[3 * i]!, p[3 * i + 1]!, p[3 * i + 2]!]);
      const ours = robokitCorners(file);
      const mapped = ours.upAxis === "Z_UP" ? theirs.map(([x, y, z]): Corner => [x, -z, y]) : theirs;
      // Both STL files hold float32 coordinates.
      expectSameCorners(ours.corners, mapped, 1e-6);
    },
  );
});
