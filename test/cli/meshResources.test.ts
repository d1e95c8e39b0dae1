import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { validatePath } from "../../src/cli/commands/validateCommand.js";
import { runCli } from "../../src/cli/main.js";
import type { Diagnostic } from "../../src/diagnostics/Diagnostic.js";

// package:// and model:// mesh URIs resolved like ROS and Gazebo do; a missing mesh
// is a warning (urdfdom and libsdformat never open meshes), an error only with --strict;
// formats per consumer.

let ws: string;
beforeEach(() => {
  ws = mkdtempSync(join(tmpdir(), "robokit-mesh-"));
  const pkg = join(ws, "src", "my_robot");
  mkdirSync(join(pkg, "meshes"), { recursive: true });
  mkdirSync(join(pkg, "urdf"));
  writeFileSync(join(pkg, "package.xml"), "<package format='3'><name>my_robot</name></package>");
  writeFileSync(join(pkg, "meshes", "base.stl"), "solid x\nendsolid x\n");
  writeFileSync(join(pkg, "meshes", "arm.glb"), "glTF");
  mkdirSync(join(pkg, "meshes", "folder.dae"));
  const models = join(ws, "models", "box");
  mkdirSync(join(models, "meshes"), { recursive: true });
  writeFileSync(join(models, "meshes", "box.dae"), "<COLLADA/>");
});
afterEach(() => vi.restoreAllMocks());

// The link has mass: libsdformat refuses a URDF whose only link is massless, which is not what these tests are about.
const urdf = (filename: string): string =>
  `<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial><visual><geometry><mesh filename="${filename}"/></geometry></visual></link></robot>\n`;
const sdf = (uri: string): string =>
  `<sdf version="1.9"><model name="m"><link name="l"><visual name="v"><geometry><mesh><uri>${uri}</uri></mesh></geometry></visual></link></model></sdf>\n`;

function resourceFindings(
  file: string,
  text: string,
  opts: { searchPaths?: string[]; packagePaths?: string[] } = {},
): Pick<Diagnostic, "code" | "severity">[] {
  writeFileSync(file, text);
  return validatePath(file, { displayName: "robot", ...opts })
    .diagnostics.filter((d) => d.code.startsWith("RESOURCE_"))
    .map((d) => ({ code: d.code, severity: d.severity }));
}

describe("mesh resources", () => {
  it("finds package:// meshes through ROS_PACKAGE_PATH and from inside the package", () => {
    const inPkg = join(ws, "src", "my_robot", "urdf", "r.urdf");
    const elsewhere = join(ws, "r.urdf");
    expect(resourceFindings(inPkg, urdf("package://my_robot/meshes/base.stl"))).toEqual([]);
    expect(
      resourceFindings(elsewhere, urdf("package://my_robot/meshes/base.stl"), { packagePaths: [join(ws, "src")] }),
    ).toEqual([]);
  });

  it("a missing mesh is a warning, with or without search paths (the reference tools load the file)", () => {
    const elsewhere = join(ws, "r.urdf");
    expect(resourceFindings(elsewhere, urdf("package://my_robot/meshes/base.stl"))).toEqual([
      { code: "RESOURCE_NOT_FOUND", severity: "warning" },
    ]);
    expect(
      resourceFindings(elsewhere, urdf("package://my_robot/meshes/nope.stl"), { packagePaths: [join(ws, "src")] }),
    ).toEqual([{ code: "RESOURCE_NOT_FOUND", severity: "warning" }]);
    expect(
      resourceFindings(join(ws, "m.sdf"), sdf("model://box/meshes/gone.dae"), { searchPaths: [join(ws, "models")] }),
    ).toEqual([{ code: "RESOURCE_NOT_FOUND", severity: "warning" }]);
  });

  it("resolves model:// in the model paths and relative URIs next to the file", () => {
    expect(
      resourceFindings(join(ws, "m.sdf"), sdf("model://box/meshes/box.dae"), { searchPaths: [join(ws, "models")] }),
    ).toEqual([]);
    expect(resourceFindings(join(ws, "models", "box", "model.sdf"), sdf("meshes/box.dae"))).toEqual([]);
  });

  it("a mesh path that is a folder is an error (not a readable file)", () => {
    expect(
      resourceFindings(join(ws, "src", "my_robot", "urdf", "r.urdf"), urdf("package://my_robot/meshes/folder.dae")),
    ).toEqual([{ code: "RESOURCE_NOT_FOUND", severity: "error" }]);
  });

  it("glTF is fine for gz-sim (SDF) and a warning in URDF; unknown formats are a warning", () => {
    const dir = join(ws, "src", "my_robot", "urdf");
    expect(resourceFindings(join(dir, "r.urdf"), urdf("package://my_robot/meshes/arm.glb"))).toEqual([
      { code: "RESOURCE_FORMAT_UNSUPPORTED", severity: "warning" },
    ]);
    expect(resourceFindings(join(dir, "m.sdf"), sdf("package://my_robot/meshes/arm.glb"))).toEqual([]);
    writeFileSync(join(ws, "src", "my_robot", "meshes", "part.3ds"), "x");
    expect(resourceFindings(join(dir, "r.urdf"), urdf("package://my_robot/meshes/part.3ds"))).toEqual([
      { code: "RESOURCE_FORMAT_UNSUPPORTED", severity: "warning" },
    ]);
  });

  it("the CLI reads ROS_PACKAGE_PATH and GZ_SIM_RESOURCE_PATH; a mesh missing from them exits 1 only with --strict", async () => {
    const file = join(ws, "r.urdf");
    writeFileSync(file, urdf("package://my_robot/meshes/nope.stl"));
    vi.stubEnv("ROS_PACKAGE_PATH", join(ws, "src"));
    let out = "";
    vi.spyOn(process.stdout, "write").mockImplementation((c: string | Uint8Array) => ((out += String(c)), true));
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(await runCli(["validate", file])).toBe(0);
    expect(await runCli(["validate", "--strict", file])).toBe(1);
    writeFileSync(file, urdf("package://my_robot/meshes/base.stl"));
    expect(await runCli(["validate", file])).toBe(0);
    vi.unstubAllEnvs();
    vi.stubEnv("GZ_SIM_RESOURCE_PATH", join(ws, "models"));
    writeFileSync(join(ws, "m.sdf"), sdf("model://box/meshes/box.dae"));
    expect(await runCli(["validate", join(ws, "m.sdf")])).toBe(0);
    vi.unstubAllEnvs();
    expect(out).toMatch(/RESOURCE_NOT_FOUND/);
  });
});
