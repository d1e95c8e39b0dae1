import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { runCliProcess } from "../support/runCliProcess.js";
import {
  disposeMujocoProbe,
  expectJointsAgree,
  haveMujoco222,
  mujocoImportableUrdf,
  probeMujoco222,
  probeMujocoJs,
} from "../support/mujocoJointProbe.js";
import { repoRoot } from "../support/testData.js";

/**
 * Real robots (test/data/mjcf-meshes, see its MANIFEST.tsv) converted with
 * `robokit convert ROBOT -f mjcf -o DIR/robot.xml`: MuJoCo 2.2.2 (Debian, a compiled C probe)
 * and mujoco-js (what `robokit sim` runs) load the MJCF from another working directory, and
 * every moving joint agrees with MuJoCo's own import of the same URDF where MuJoCo can import it.
 */
const data = join(repoRoot, "test", "data", "mjcf-meshes");
const erd = join(data, "example-robot-data");
const work = mkdtempSync(join(tmpdir(), "robokit-mjcf-meshes-"));
const elsewhere = mkdtempSync(join(tmpdir(), "robokit-mjcf-cwd-"));
afterAll(() => {
  disposeMujocoProbe();
  rmSync(work, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

/** `package://example-robot-data/…` as the folder of the copy. */
const locate = (uri: string): string => uri.replace(/^package:\/\/example-robot-data\//, `${erd}/`);

/** Converts `urdf` (relative to example-robot-data) into its own folder; the folder. */
function convert(relativeFile: string, name: string, extra: readonly string[] = []): string {
  const dir = join(work, name);
  const run = runCliProcess(["convert", join(erd, relativeFile), "-f", "mjcf", "-o", join(dir, "robot.xml"), ...extra]);
  expect(run.status, run.stderr).toBe(0);
  return dir;
}

interface Case {
  readonly name: string;
  readonly urdf: string;
  readonly root: string;
  /** What MuJoCo 2.2.2's own URDF import says, when it refuses the robot. */
  readonly importRefuses?: RegExp;
  /** Mesh files robokit writes beside the MJCF. */
  readonly files: readonly string[];
}

const cases: readonly Case[] = [
  {
    // Binary STL meshes through package://: MuJoCo imports it once the paths are made absolute.
    name: "bolt",
    urdf: "robots/bolt_description/robots/bolt.urdf",
    root: "base_link",
    files: [
      "bolt_body.stl",
      "bolt_foot.stl",
      "bolt_hip_fe_left_side.stl",
      "bolt_hip_fe_right_side.stl",
      "lower_leg_200mm_left_side.stl",
      "lower_leg_200mm_right_side.stl",
      "upper_leg_200mm_left_side.stl",
      "upper_leg_200mm_right_side.stl",
    ],
  },
  {
    // An ASCII STL: MuJoCo reads binary STL only; robokit writes it as binary.
    name: "simple_humanoid",
    urdf: "robots/simple_humanoid_description/urdf/simple_humanoid.urdf",
    root: "BODY",
    importRefuses: /number of faces should be between 1 and 200000 in STL file .*box\.stl.*ASCII/,
    files: ["box.stl"],
  },
  {
    // COLLADA propellers: MuJoCo has no COLLADA reader.
    name: "iris",
    urdf: "robots/iris_description/robots/iris.urdf",
    root: "iris__base_link",
    importRefuses: /Unknown mesh file type: .*iris_prop_ccw\.dae/,
    files: ["iris.stl", "iris_prop_ccw_dae.stl", "iris_prop_cw_dae.stl"],
  },
];

describe("real robots convert to MJCF with their meshes", () => {
  for (const c of cases) {
    describe(c.name, () => {
      const dir = convert(c.urdf, c.name);

      it("writes one mesh file per mesh the robot names, beside the MJCF, named relative to it", () => {
        expect(readdirSync(dir).sort()).toEqual(["robot.xml", ...c.files].sort());
        const xml = readFileSync(join(dir, "robot.xml"), "utf8");
        const files = [...xml.matchAll(/<mesh name="[^"]*" file="([^"]*)"/g)].map((m) => m[1]);
        expect(new Set(files)).toEqual(new Set(c.files));
        expect(xml).not.toMatch(/meshdir|file="\//);
        expect(xml).not.toMatch(/is not embedded/);
      });

      it("MuJoCo 2.2.2 loads it from another working directory; its own URDF import agrees or refuses", () => {
        if (!haveMujoco222()) return;
        const ours = probeMujoco222(join(dir, "robot.xml"), c.root, elsewhere);
        if (!ours.loaded) throw new Error(ours.error);
        expect(ours.meshes).toBe(c.files.length);
        const urdf = join(work, `${c.name}.mujoco.urdf`);
        mujocoImportableUrdf(join(erd, c.urdf), urdf, locate);
        const theirs = probeMujoco222(urdf, c.root, elsewhere);
        if (c.importRefuses === undefined) expectJointsAgree(ours, theirs);
        else {
          expect(theirs.loaded).toBe(false);
          if (!theirs.loaded) expect(theirs.error).toMatch(c.importRefuses);
        }
      });

      it("mujoco-js (MuJoCo 3.x, what robokit sim runs) loads it from another working directory, as MuJoCo 2.2.2 does", async () => {
        const js = await probeMujocoJs(dir, "robot.xml", c.root);
        if (!js.loaded) throw new Error(js.error);
        expect(js.meshes).toBe(c.files.length);
        if (!haveMujoco222()) return;
        expectJointsAgree(js, probeMujoco222(join(dir, "robot.xml"), c.root, elsewhere));
      });
    });
  }

  it("a visual COLLADA and a collision STL of one stem stay two meshes (MuJoCo's import makes them one)", () => {
    const dir = convert("robots/hector_description/robots/quadrotor_base.urdf", "hector");
    expect(readdirSync(dir).sort()).toEqual(["quadrotor_base.stl", "quadrotor_base_dae.stl", "robot.xml"]);
    const xml = readFileSync(join(dir, "robot.xml"), "utf8");
    expect(xml).toMatch(/<geom name="base_link_visual_0" class="visual" type="mesh" mesh="quadrotor_base_dae"/);
    expect(xml).toMatch(/<geom name="base_link_collision_0" class="collision" type="mesh" mesh="quadrotor_base"/);
    // The COLLADA file is not the STL: its triangles differ.
    expect(readFileSync(join(dir, "quadrotor_base_dae.stl"))).not.toEqual(
      readFileSync(join(dir, "quadrotor_base.stl")),
    );
    if (!haveMujoco222()) return;
    expect(probeMujoco222(join(dir, "robot.xml"), "base_link", elsewhere)).toMatchObject({ loaded: true, meshes: 2 });
    const urdf = join(work, "hector.mujoco.urdf");
    mujocoImportableUrdf(join(erd, "robots/hector_description/robots/quadrotor_base.urdf"), urdf, locate);
    // MuJoCo names mesh assets by file stem: the .dae visual silently becomes the .stl collision mesh.
    expect(probeMujoco222(urdf, "base_link", elsewhere)).toMatchObject({ loaded: true, meshes: 1 });
  });

  it("an SDF model with a model:// COLLADA mesh, found through GZ_SIM_RESOURCE_PATH (and -I)", async () => {
    const models = join(data, "gazebo_models");
    const sdf = join(models, "pioneer2dx", "model.sdf");
    const withEnv = join(work, "pioneer_env");
    const env = runCliProcess(["convert", sdf, "-f", "mjcf", "-o", join(withEnv, "robot.xml")], repoRoot, [], {
      GZ_SIM_RESOURCE_PATH: models,
    });
    expect(env.status, env.stderr).toBe(0);
    expect(env.stderr).toMatch(
      /warning EXTENSION_NOT_CARRIED: model <plugin name="diff_drive"> is not carried into MJCF/,
    );
    const dir = join(work, "pioneer");
    const run = runCliProcess(["convert", sdf, "-f", "mjcf", "-I", models, "-o", join(dir, "robot.xml")]);
    expect(run.status, run.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["chassis_dae.stl", "robot.xml"]);
    expect(readFileSync(join(dir, "chassis_dae.stl"))).toEqual(readFileSync(join(withEnv, "chassis_dae.stl")));
    const js = await probeMujocoJs(dir, "robot.xml", "chassis");
    expect(js).toMatchObject({ loaded: true, meshes: 1 });
    if (!haveMujoco222()) return;
    expectJointsAgree(js, probeMujoco222(join(dir, "robot.xml"), "chassis", elsewhere));
  });
});
