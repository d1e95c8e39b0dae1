import { execSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { loadViewScene } from "../../src/cli/view/loadViewScene.js";
import { readTraceCsv } from "../../src/cli/view/readTraceCsv.js";
import { searchPathsFrom } from "../../src/cli/resolve/searchPaths.js";
import { resolveMeshUri } from "../../src/cli/view/resolveMeshUri.js";
import { viewRoots } from "../../src/cli/view/viewRoots.js";
import { runCliProcess } from "../support/runCliProcess.js";

const tmp = mkdtempSync(join(tmpdir(), "robokit-view-scene-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("robokit view's scene", () => {
  it("resolves package://, model://, file:// and relative mesh URIs; a missing mesh is reported, not served", async () => {
    const pkg = join(tmp, "ws", "src", "my_robot_pkg");
    mkdirSync(join(pkg, "meshes"), { recursive: true });
    mkdirSync(join(pkg, "urdf"), { recursive: true });
    writeFileSync(join(pkg, "package.xml"), "<package><name>my_robot</name></package>\n");
    writeFileSync(join(pkg, "meshes", "base.stl"), "solid x\nendsolid x\n");
    const urdf = join(pkg, "urdf", "r.urdf");
    const here = viewRoots(urdf, searchPathsFrom([], {}));
    const file = (r: ReturnType<typeof resolveMeshUri>): string | undefined => ("file" in r ? r.file.path : undefined);
    expect(file(resolveMeshUri("package://my_robot/meshes/base.stl", urdf, here))).toBe(
      join(pkg, "meshes", "base.stl"),
    );
    expect(file(resolveMeshUri("../meshes/base.stl", urdf, here))).toBe(join(pkg, "meshes", "base.stl"));
    expect(file(resolveMeshUri(`file://${join(pkg, "meshes", "base.stl")}`, urdf, here))).toBe(
      join(pkg, "meshes", "base.stl"),
    );
    expect(resolveMeshUri("package://other/meshes/base.stl", urdf, here)).toEqual({ unresolved: true });
    const elsewhere = join(tmp, "elsewhere.sdf");
    expect(
      file(
        resolveMeshUri(
          "model://my_robot_pkg/meshes/base.stl",
          elsewhere,
          viewRoots(elsewhere, searchPathsFrom([], { SDF_PATH: join(tmp, "ws", "src") })),
        ),
      ),
    ).toBe(join(pkg, "meshes", "base.stl"));

    writeFileSync(
      urdf,
      `<robot name="r"><link name="base"><visual><geometry><mesh filename="package://my_robot/meshes/base.stl"/></geometry></visual>
<collision><geometry><mesh filename="package://my_robot/meshes/gone.stl"/></geometry></collision></link></robot>\n`,
    );
    const { scene, files } = await loadViewScene(urdf, null);
    expect(files.map((f) => f.path)).toEqual([join(pkg, "meshes", "base.stl")]);
    expect(scene.urdf).toContain('filename="files/0/base.stl"');
    expect(scene.unresolvedMeshes).toEqual(["package://my_robot/meshes/gone.stl"]);
  });

  it("converts SDF through the model and sends URDF with every link; MARIO has its steered drive", async () => {
    const sdf = join(tmp, "m.sdf");
    writeFileSync(
      sdf,
      `<sdf version="1.9"><model name="m"><link name="a"><visual name="v"><geometry><box><size>1 1 1</size></box></geometry></visual></link>
<link name="b"><pose>0 0 1 0 0 0</pose></link><joint name="j" type="revolute"><parent>a</parent><child>b</child><axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis></joint></model></sdf>\n`,
    );
    const { scene } = await loadViewScene(sdf, null);
    expect(scene.format).toBe("sdf");
    expect(scene.robot?.links.map((l) => l.name)).toEqual(["a", "b"]);
    expect(scene.urdf).toMatch(/<link name="a"[\s\S]*<link name="b"[\s\S]*<joint name="j" type="revolute"/);
    // A world shows its inline model with the most links, or the one --model names.
    const world = join(tmp, "w.sdf");
    writeFileSync(
      world,
      `<sdf version="1.9"><world name="w">
<model name="ground"><static>true</static><link name="g"/></model>
<model name="arm"><link name="base"/><link name="tip"><pose>0 0 1 0 0 0</pose></link>
<joint name="j" type="revolute"><parent>base</parent><child>tip</child><axis><xyz>0 1 0</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis></joint></model>
</world></sdf>\n`,
    );
    const shown = await loadViewScene(world, null);
    expect(shown.scene.robot?.links.map((l) => l.name)).toEqual(["base", "tip"]);
    expect(shown.scene.diagnostics.find((d) => d.code === "FEATURE_UNSUPPORTED")).toMatchObject({
      severity: "warning",
      line: 3,
      message: expect.stringMatching(/reading model "arm" of world "w"/),
    });
    expect((await loadViewScene(world, null, 0, { model: "ground" })).scene.robot?.links.map((l) => l.name)).toEqual([
      "g",
    ]);
    await expect(loadViewScene(world, null, 0, { model: "nope" })).rejects.toThrow(/no inline <model name="nope">/);
    const mario = await loadViewScene("mario", null);
    expect(mario.scene.drive?.type).toBe("steered");
    expect(mario.scene.drive?.steerJoints).toHaveLength(4);
  });

  it("opens every fifth URDF and SDF of test/data/realworld, in sorted order (files that do not convert open with their diagnostics)", async () => {
    const root = join(import.meta.dirname, "../data/realworld");
    let list: string[];
    try {
      list = execSync(`find "${root}" -name '*.urdf' -o -name '*.sdf'`, { encoding: "utf8" })
        .trim()
        .split("\n")
        .filter((f) => f !== "")
        .sort()
        .filter((_f, i) => i % 5 === 0);
    } catch {
      list = [];
    }
    if (list.length === 0) {
      process.stderr.write("\n*** SKIPPED: test/data/realworld is not beside the repository ***\n\n");
      return;
    }
    const failures: string[] = [];
    let withModel = 0;
    for (const file of list) {
      try {
        const { scene } = await loadViewScene(file, null);
        expect(scene.urdf).toMatch(/<robot\b/);
        if (scene.robot !== null) withModel++;
      } catch (error) {
        failures.push(`${relative(root, file)}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(withModel).toBeGreaterThan(40);
  });

  it("reads robokit sim's trace.csv and names the first bad cell", () => {
    const t = readTraceCsv('time,"steer_a,b",true_x\n0,0.1,0\n0.01,0.2,0.005\n', "t.csv");
    expect(t.columns).toEqual(["time", "steer_a,b", "true_x"]);
    expect(t.data).toEqual([
      [0, 0.01],
      [0.1, 0.2],
      [0, 0.005],
    ]);
    expect(() => readTraceCsv("time,x\n0,1\n0.1,abc\n", "t.csv")).toThrow('t.csv:3:2: "abc" is not a number');
    expect(() => readTraceCsv("a,b\n1,2\n", "t.csv")).toThrow(/no "time" column/);
  });

  it("the CLI refuses bad use with exit 2 and a bad trace with exit 1, writing no picture", () => {
    const out = join(tmp, "never.png");
    const unknown = runCliProcess(["view", "no_such_robot", "--screenshot", out]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown robot "no_such_robot"/);
    expect(runCliProcess(["view", "mario", "--camera", "oblique", "--screenshot", out]).status).toBe(2);
    expect(runCliProcess(["view", "mario", "--size", "big", "--screenshot", out]).status).toBe(2);
    const trace = join(tmp, "bad.csv");
    writeFileSync(trace, "time,true_x\n0,0\n0.1,x\n");
    const bad = runCliProcess(["view", "mario", "--trace", trace, "--screenshot", out]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/bad\.csv:3:2: "x" is not a number/);
    expect(existsSync(out)).toBe(false);
  });
});
