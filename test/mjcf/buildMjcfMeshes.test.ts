import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";

import type { Robot } from "../../src/model/Robot.js";
import { boxSolid, toDae, toStlBinary } from "../support/meshFiles.js";
import { runCliInProcess } from "../support/runCliInProcess.js";
import { twoLinkRobot } from "../support/twoLinkRobot.js";

/** robokit's own robots with `mesh()` geometry: build and emit -f mjcf write the MJCF's meshes too. */
const root = mkdtempSync(join(tmpdir(), "robokit-mjcf-build-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const cube = boxSolid([0, 0, 0], [0.1, 0.1, 0.1]);

/** The two-link arm with a mesh visual (STL) and collision (COLLADA) on its base, as a YAML document in `dir`. */
function meshArm(dir: string, uri = "meshes/base.stl"): string {
  mkdirSync(join(dir, "meshes"), { recursive: true });
  writeFileSync(join(dir, "meshes", "base.stl"), toStlBinary(cube));
  writeFileSync(join(dir, "meshes", "base.dae"), toDae(cube));
  const arm = twoLinkRobot();
  const robot: Robot = {
    ...arm,
    links: arm.links.map((l, i) =>
      i === 0
        ? {
            ...l,
            visuals: [{ geometry: { type: "mesh", uri } }],
            collisions: [{ geometry: { type: "mesh", uri: "meshes/base.dae", scale: [2, 2, 2] } }],
          }
        : l,
    ),
  };
  const file = join(dir, "arm.yaml");
  writeFileSync(file, stringify(robot));
  return file;
}

describe("build and emit -f mjcf carry a robot's meshes", () => {
  it("build writes the meshes into the package's mjcf folder, beside the MJCF", async () => {
    const dir = join(root, "build");
    const file = meshArm(dir);
    const out = join(dir, "out");
    const run = await runCliInProcess(["build", file, "-o", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(join(out, "mjcf")).sort()).toEqual(["arm.xml", "base.stl", "base_dae.stl"]);
    const xml = readFileSync(join(out, "mjcf", "arm.xml"), "utf8");
    expect(xml).toContain('<mesh name="base" file="base.stl"/>');
    expect(xml).toContain('<mesh name="base_dae_scaled" file="base_dae.stl" scale="2 2 2"/>');
    expect(xml).not.toContain("is not embedded");
  });

  it("build of a robot whose mesh is missing still writes the package; the MJCF leaves that mesh out and says so", async () => {
    const dir = join(root, "missing");
    const file = meshArm(dir, "meshes/gone.stl");
    const out = join(dir, "out");
    const run = await runCliInProcess(["build", file, "-o", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /warning RESOURCE_NOT_FOUND: mesh "meshes\/gone\.stl" of link "base" \(visual\): not found; its geoms are left out of mjcf\/arm\.xml/,
    );
    expect(readdirSync(join(out, "mjcf")).sort()).toEqual(["arm.xml", "base_dae.stl"]);
    const xml = readFileSync(join(out, "mjcf", "arm.xml"), "utf8");
    expect(xml).toContain("meshes/gone.stl is not embedded");
    expect(xml).not.toMatch(/file="[^"]*gone/);
  });

  it("emit -f mjcf -o of a robot whose mesh is missing writes nothing (exit 1), as convert", async () => {
    const dir = join(root, "emitMissing");
    const file = meshArm(dir, "meshes/gone.stl");
    const run = await runCliInProcess(["emit", file, "-f", "mjcf", "-o", join(dir, "mj", "arm.xml")]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /error RESOURCE_NOT_FOUND: mesh "meshes\/gone\.stl" of link "base" \(visual\): not found/,
    );
    expect(existsSync(join(dir, "mj"))).toBe(false);
  });

  it("emit -f mjcf -o writes the same MJCF and meshes as build; without -o it refuses (exit 2)", async () => {
    const dir = join(root, "emit");
    const file = meshArm(dir);
    const refused = await runCliInProcess(["emit", file, "-f", "mjcf"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /2 mesh files, which MuJoCo reads from files beside the MJCF; pass -o DIR\/robot\.xml/,
    );
    const run = await runCliInProcess(["emit", file, "-f", "mjcf", "-o", join(dir, "mj", "arm.xml")]);
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(join(dir, "mj")).sort()).toEqual(["arm.xml", "base.stl", "base_dae.stl"]);
    const built = await runCliInProcess(["build", file, "-o", join(dir, "pkg")]);
    expect(built.code, built.stderr).toBe(0);
    for (const name of ["arm.xml", "base.stl", "base_dae.stl"])
      expect(readFileSync(join(dir, "mj", name))).toEqual(readFileSync(join(dir, "pkg", "mjcf", name)));
  });
});
