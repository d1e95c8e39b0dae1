// @slow: converts a 10 MB STL of 200,001 facets to OBJ
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { readStl } from "../../src/parse/mesh/readStl.js";
import { boxSolid, toDae, toObj, toStlAscii, toStlBinary, type Solid } from "../support/meshFiles.js";
import { runCliInProcess } from "../support/runCliInProcess.js";
import { repoRoot } from "../support/testData.js";
import { haveTool, runTool } from "../support/tools.js";

/**
 * `robokit convert ROBOT -f mjcf`: how mesh files are found, copied, converted and named, and
 * what is refused, on small hand-made robots (the real ones are in realRobotMeshes.test.ts).
 */
const root = mkdtempSync(join(tmpdir(), "robokit-mjcf-convert-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let count = 0;
/** A folder holding `robot.urdf` (with `links`' XML) and the given files. */
function robot(links: string, files: Readonly<Record<string, string | Uint8Array>> = {}): string {
  const dir = join(root, `case${++count}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  writeFileSync(join(dir, "robot.urdf"), `<?xml version="1.0"?>\n<robot name="r">\n${links}\n</robot>\n`);
  return dir;
}

const inertial =
  '<inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>';
const meshLink = (name: string, visual: string, collision = visual, scale = ""): string =>
  `<link name="${name}">${inertial}<visual><geometry><mesh filename="${visual}"${scale}/></geometry></visual><collision><geometry><mesh filename="${collision}"${scale}/></geometry></collision></link>`;
const cube = boxSolid([0, 0, 0], [1, 1, 1]);

function convert(dir: string, ...extra: string[]): ReturnType<typeof runCliInProcess> {
  return runCliInProcess([
    "convert",
    join(dir, "robot.urdf"),
    "-f",
    "mjcf",
    "-o",
    join(dir, "out", "robot.xml"),
    ...extra,
  ]);
}

/** The vertices of a binary STL, each rounded to float32 as the file holds them. */
function stlCorners(bytes: Uint8Array): number[][] {
  const read = readStl(bytes, "x.stl");
  const p = read.mesh!.positions;
  const out: number[][] = [];
  for (let k = 0; k < p.length; k += 3) out.push([p[k]!, p[k + 1]!, p[k + 2]!]);
  return out;
}

describe("convert -f mjcf writes the meshes beside the MJCF", () => {
  it("copies a binary STL byte for byte and an OBJ as it is; the MJCF names them relative to itself", async () => {
    const stl = toStlBinary(cube);
    const dir = robot(meshLink("base", "meshes/part.stl", "meshes/part.obj"), {
      "meshes/part.stl": stl,
      "meshes/part.obj": toObj(cube),
    });
    const run = await convert(dir);
    expect(run.code, run.stderr).toBe(0);
    const out = join(dir, "out");
    expect(readdirSync(out).sort()).toEqual(["part.obj", "part.stl", "robot.xml"]);
    expect(readFileSync(join(out, "part.stl"))).toEqual(Buffer.from(stl));
    expect(readFileSync(join(out, "part.obj"), "utf8")).toBe(toObj(cube));
    const xml = readFileSync(join(out, "robot.xml"), "utf8");
    expect(xml).toContain('<mesh name="part" file="part.stl"/>');
    expect(xml).toContain('<mesh name="part_2" file="part.obj"/>');
    expect(xml).toMatch(/<geom name="base_visual_0" class="visual" type="mesh" mesh="part"\/>/);
    expect(xml).toMatch(/<geom name="base_collision_0" class="collision" type="mesh" mesh="part_2"\/>/);
  });

  it("writes an OBJ of several objects as one: MuJoCo 2.2.2 reads only the first object of an OBJ", async () => {
    // Two boxes, one object each; MuJoCo 2.2.2 would load the first box alone from the original.
    const two = `${toObj(cube)}${toObj(boxSolid([2, 0, 0], [3, 1, 1]))
      .replace(/^# robokit test\n/, "")
      .replace(/^f (\d+)\/(\d+)\/(\d+) (\d+)\/(\d+)\/(\d+) (\d+)\/(\d+)\/(\d+) (\d+)\/(\d+)\/(\d+)$/gm, (line) =>
        line.replace(/(\d+)\//g, (_m, n: string) => `${Number(n) + 8}/`),
      )}`;
    const dir = robot(meshLink("base", "two.obj"), { "two.obj": two });
    const run = await convert(dir, "--report", "json");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/an OBJ of 2 objects or groups written as one/);
    const written = readFileSync(join(dir, "out", "two.obj"), "utf8");
    expect(written.match(/^f /gm)?.length).toBe(24);
    expect(written).not.toMatch(/^[og] /m);
    if (!haveTool("mujoco-compile", "MuJoCo 2.2.2 reads the rewritten OBJ whole")) return;
    const txt = join(dir, "compiled.txt");
    const compiled = runTool("mujoco-compile", [join(dir, "out", "robot.xml"), txt]);
    expect(`${compiled.stdout}${compiled.stderr}`).not.toMatch(/error/i);
    expect(readFileSync(txt, "utf8")).toMatch(/^\s*nmeshface\s+24$/m);
    // The file as it was: MuJoCo 2.2.2 reads its first box alone.
    const original = join(dir, "original.xml");
    writeFileSync(
      original,
      `<mujoco><asset><mesh name="m" file="${join(dir, "two.obj")}"/></asset><worldbody><geom type="mesh" mesh="m"/></worldbody></mujoco>`,
    );
    const firstOnly = join(dir, "original.txt");
    expect(runTool("mujoco-compile", [original, firstOnly]).status).toBe(0);
    expect(readFileSync(firstOnly, "utf8")).toMatch(/^\s*nmeshface\s+12$/m);
  });

  it("writes an ASCII STL as binary and says so in the JSON report", async () => {
    const dir = robot(meshLink("base", "a.stl"), { "a.stl": toStlAscii(cube) });
    const run = await convert(dir, "--report", "json");
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stderr.slice(0, run.stderr.lastIndexOf("}") + 1)) as {
      files: { diagnostics: { code: string; severity: string; message: string }[] }[];
    };
    expect(report.files[0]!.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "MESH_CONVERTED",
        severity: "info",
        message: expect.stringMatching(/ASCII STL written as binary/),
      }),
    );
    const bytes = readFileSync(join(dir, "out", "a.stl"));
    expect(bytes.length).toBe(84 + 50 * 12);
    expect(stlCorners(bytes).length).toBe(36);
  });

  it("converts COLLADA to STL with its unit and node transforms applied", async () => {
    // Drawn in millimetres and moved 1 m along x by its node: the STL holds metres, moved.
    const dae = toDae(cube, { meter: 0.001, nodeTransform: "<translate>1000 0 0</translate>" });
    const dir = robot(meshLink("base", "package://shape/meshes/cube.dae"), {
      "shape/package.xml": '<package format="3"><name>shape</name></package>',
      "shape/meshes/cube.dae": dae,
    });
    const run = await convert(dir, "-I", dir);
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(join(dir, "out")).sort()).toEqual(["cube_dae.stl", "robot.xml"]);
    const corners = stlCorners(readFileSync(join(dir, "out", "cube_dae.stl")));
    const xs = corners.map((c) => c[0]!);
    expect(Math.min(...xs)).toBeCloseTo(1, 6);
    expect(Math.max(...xs)).toBeCloseTo(2, 6);
    expect(Math.max(...corners.map((c) => c[2]!))).toBeCloseTo(1, 6);
  });

  it("turns a Y_UP COLLADA to z only with --collada-up-axis apply", async () => {
    const tall: Solid = boxSolid([0, 0, 0], [1, 3, 1]);
    const files = { "t.dae": toDae(tall, { upAxis: "Y_UP" }) };
    const ignored = robot(meshLink("base", "t.dae"), files);
    expect((await convert(ignored)).code).toBe(0);
    const applied = robot(meshLink("base", "t.dae"), files);
    expect((await convert(applied, "--collada-up-axis", "apply")).code).toBe(0);
    const extent = (dir: string, k: number): number => {
      const c = stlCorners(readFileSync(join(dir, "out", "t_dae.stl")));
      return Math.max(...c.map((v) => v[k]!)) - Math.min(...c.map((v) => v[k]!));
    };
    expect(extent(ignored, 1)).toBeCloseTo(3, 6);
    expect(extent(applied, 2)).toBeCloseTo(3, 6);
  });

  it("one asset per file and scale: a shared file is written once, each scale is its own <mesh scale>", async () => {
    const links = [
      meshLink("a", "m.stl"),
      meshLink("b", "m.stl", "m.stl", ' scale="0.5 0.5 0.5"'),
      `<joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>`,
    ].join("\n");
    const dir = robot(links, { "m.stl": toStlBinary(cube) });
    const run = await convert(dir);
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(join(dir, "out")).sort()).toEqual(["m.stl", "robot.xml"]);
    const xml = readFileSync(join(dir, "out", "robot.xml"), "utf8");
    expect(xml).toContain('<mesh name="m" file="m.stl"/>');
    expect(xml).toContain('<mesh name="m_scaled" file="m.stl" scale="0.5 0.5 0.5"/>');
    expect(xml).toMatch(/<geom name="b_visual_0" class="visual" type="mesh" mesh="m_scaled"\/>/);
  });

  it("writes an STL over MuJoCo 2.2.2's 200,000 facets as OBJ", async () => {
    // 200,001 copies of one triangle: MuJoCo 2.2.2 refuses such a binary STL.
    const n = 200_001;
    const stl = new Uint8Array(84 + 50 * n);
    const view = new DataView(stl.buffer);
    view.setUint32(80, n, true);
    for (let t = 0; t < n; t++) {
      const at = 84 + 50 * t + 12;
      [0, 0, 0, 1, 0, 0, 0, 1, 0].forEach((v, k) => view.setFloat32(at + 4 * k, v + t * 1e-3, true));
    }
    const dir = robot(meshLink("base", "big.stl"), { "big.stl": stl });
    const run = await convert(dir);
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(join(dir, "out")).sort()).toEqual(["big_stl.obj", "robot.xml"]);
    const obj = readFileSync(join(dir, "out", "big_stl.obj"), "utf8");
    expect(obj.match(/^f /gm)?.length).toBe(n);
  });

  it("reads a xacro with --arg and a package found through -I, as convert -f sdf does", async () => {
    const dir = robot("", {
      "ws/shape/package.xml": '<package format="3"><name>shape</name></package>',
      "ws/shape/meshes/a.stl": toStlBinary(cube),
      "ws/shape/meshes/b.stl": toStlBinary(boxSolid([0, 0, 0], [2, 2, 2])),
    });
    writeFileSync(
      join(dir, "robot.urdf.xacro"),
      `<?xml version="1.0"?>
<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:arg name="part" default="a"/>
  <link name="base">${inertial}<visual><geometry><mesh filename="package://shape/meshes/$(arg part).stl"/></geometry></visual></link>
</robot>
`,
    );
    const run = await runCliInProcess([
      "convert",
      join(dir, "robot.urdf.xacro"),
      "--arg",
      "part:=b",
      "-I",
      join(dir, "ws"),
      "-f",
      "mjcf",
      "-o",
      join(dir, "out", "robot.xml"),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(join(dir, "out")).sort()).toEqual(["b.stl", "robot.xml"]);
    expect(readFileSync(join(dir, "out", "b.stl"))).toEqual(readFileSync(join(dir, "ws", "shape", "meshes", "b.stl")));
  });

  it("takes the model --model picks in an SDF world, its model:// mesh found through -I", async () => {
    const models = join(repoRoot, "test", "data", "mjcf-meshes", "gazebo_models");
    const model = readFileSync(join(models, "pioneer2dx", "model.sdf"), "utf8")
      .replace(/^[\s\S]*?<model /, "<model ")
      .replace(/<\/sdf>\s*$/, "");
    const dir = robot("");
    const world = join(dir, "world.sdf");
    writeFileSync(
      world,
      `<?xml version="1.0"?>\n<sdf version="1.6"><world name="w"><model name="box"><link name="b"/></model>${model}</world></sdf>\n`,
    );
    const run = await runCliInProcess([
      "convert",
      world,
      "--model",
      "pioneer2dx",
      "-I",
      models,
      "-f",
      "mjcf",
      "-o",
      join(dir, "out", "robot.xml"),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(join(dir, "out")).sort()).toEqual(["chassis_dae.stl", "robot.xml"]);
    expect(readFileSync(join(dir, "out", "robot.xml"), "utf8")).toContain('<mujoco model="pioneer2dx">');
  });

  it("keeps every file name one safe segment and unique, whatever the URIs are named", async () => {
    const links = [
      meshLink("a", "x/Part.stl"),
      meshLink("b", "y/part.stl"),
      meshLink("c", "z/..weird name;.stl"),
      '<joint name="j1" type="fixed"><parent link="a"/><child link="b"/></joint>',
      '<joint name="j2" type="fixed"><parent link="a"/><child link="c"/></joint>',
    ].join("\n");
    const stl = toStlBinary(cube);
    const dir = robot(links, { "x/Part.stl": stl, "y/part.stl": stl, "z/..weird name;.stl": stl });
    const run = await convert(dir);
    expect(run.code, run.stderr).toBe(0);
    const names = readdirSync(join(dir, "out")).sort();
    expect(names).toEqual(["Part.stl", "part_2.stl", "robot.xml", "weird_name_.stl"]);
  });
});

describe("convert -f mjcf refuses what MuJoCo would not load, and writes nothing", () => {
  it("a missing mesh file: exit 1, an error naming it, no file written", async () => {
    const dir = robot(meshLink("base", "package://nowhere/meshes/gone.stl"));
    const run = await convert(dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /error RESOURCE_NOT_FOUND: mesh "package:\/\/nowhere\/meshes\/gone\.stl" of link "base" \(visual\): not found/,
    );
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("a mesh outside the robot's roots (an absolute path, a planted link) is not read", async () => {
    const outside = mkdtempSync(join(tmpdir(), "robokit-mjcf-outside-"));
    try {
      writeFileSync(join(outside, "secret.stl"), toStlBinary(cube));
      const absolute = robot(meshLink("base", join(outside, "secret.stl")));
      const run = await convert(absolute);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/error RESOURCE_NOT_FOUND: mesh ".*secret\.stl" .*lies outside the file's workspace/);
      const linked = robot(meshLink("base", "link.stl"));
      symlinkSync(join(outside, "secret.stl"), join(linked, "link.stl"));
      const viaLink = await convert(linked);
      expect(viaLink.code).toBe(1);
      expect(existsSync(join(linked, "out"))).toBe(false);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("a mesh in a format MuJoCo cannot be given is left out with a warning; the rest converts", async () => {
    const dir = robot(meshLink("base", "part.glb", "part.stl"), {
      "part.glb": "glTF binary",
      "part.stl": toStlBinary(cube),
    });
    const run = await convert(dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /warning RESOURCE_FORMAT_UNSUPPORTED: mesh "part\.glb" \(\.glb\) is not STL, OBJ or COLLADA/,
    );
    const xml = readFileSync(join(dir, "out", "robot.xml"), "utf8");
    expect(xml).toContain("part.glb is not embedded");
    expect(readdirSync(join(dir, "out")).sort()).toEqual(["part.stl", "robot.xml"]);
  });

  it("stdout holds no mesh files: a robot with meshes needs -o (exit 2); one without goes to stdout", async () => {
    const withMesh = robot(meshLink("base", "m.stl"), { "m.stl": toStlBinary(cube) });
    const refused = await runCliInProcess(["convert", join(withMesh, "robot.urdf"), "-f", "mjcf"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /1 mesh file, which MuJoCo reads from files beside the MJCF; pass -o DIR\/robot\.xml/,
    );
    expect(refused.stdout).toBe("");
    const plain = robot(
      `<link name="base">${inertial}<visual><geometry><box size="1 1 1"/></geometry></visual></link>`,
    );
    const ok = await runCliInProcess(["convert", join(plain, "robot.urdf"), "-f", "mjcf"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^<\?xml[\s\S]*<mujoco model="r">/);
  });
});
