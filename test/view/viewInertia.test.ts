// robokit view's inertia display. The boxes are computed by the server and sent in
// the scene; the geometry-inertia warnings are the validator's, with meshes read inside the view's roots only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { loadViewScene, type ViewScene } from "../../src/cli/view/loadViewScene.js";
import { startViewServer, type ViewServer } from "../../src/cli/view/startViewServer.js";
import { validatePath } from "../../src/cli/commands/validateCommand.js";
import { equivalentInertiaBox } from "../../src/model/equivalentInertiaBox.js";
import { solidInertial } from "../../src/model/inertia.js";
import { boxSolid, toStlBinary } from "../support/meshFiles.js";

const tmp = mkdtempSync(join(tmpdir(), "robokit-view-inertia-"));
const servers: ViewServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A cube of side `side` (file units) centred at `centre`, as a binary STL. */
const cubeStl = (side: number, centre: readonly [number, number, number] = [0, 0, 0]): Uint8Array =>
  toStlBinary(
    boxSolid(
      [centre[0] - side / 2, centre[1] - side / 2, centre[2] - side / 2],
      [centre[0] + side / 2, centre[1] + side / 2, centre[2] + side / 2],
    ),
  );

/** One link of `mass` kg whose inertial is that of a uniform cube of side `claimed` m, colliding as the mesh `uri`. */
const robotWithMesh = (uri: string, mass: number, claimed: number, extra = ""): string => {
  const i = (mass * 2 * claimed * claimed) / 12;
  return `<robot name="r"><link name="base"/>
<link name="arm"><inertial><origin xyz="0 0 0.1"/><mass value="${mass}"/><inertia ixx="${i}" ixy="0" ixz="0" iyy="${i}" iyz="0" izz="${i}"/></inertial>
<visual><geometry><mesh filename="${uri}"/></geometry></visual>
<collision><geometry><mesh filename="${uri}"/></geometry></collision></link>
<joint name="j" type="fixed"><parent link="base"/><child link="arm"/><origin xyz="0 0 0.2"/></joint>${extra}</robot>\n`;
};

function codesOf(scene: ViewScene): string[] {
  return scene.diagnostics.map((d) => d.code);
}

describe("robokit view: inertia boxes and geometry-inertia warnings", () => {
  it("a link whose inertial is far from its mesh gets both boxes and the warning, through GET /api/scene", async () => {
    const pkg = join(tmp, "mismatch");
    mkdirSync(join(pkg, "meshes"), { recursive: true });
    mkdirSync(join(pkg, "urdf"), { recursive: true });
    writeFileSync(join(pkg, "package.xml"), "<package><name>mismatch</name></package>\n");
    // A 0.2 m cube centred 0.1 m up; the file claims the inertia of a 2 m cube of 5 kg (100× the solid's).
    writeFileSync(join(pkg, "meshes", "arm.stl"), cubeStl(0.2, [0, 0, 0.1]));
    const file = join(pkg, "urdf", "r.urdf");
    writeFileSync(file, robotWithMesh("package://mismatch/meshes/arm.stl", 5, 2));
    const page = join(tmp, "page");
    mkdirSync(page, { recursive: true });
    writeFileSync(join(page, "index.html"), "<!doctype html><title>page</title>\n");
    writeFileSync(join(page, "viewer.js"), "// page\n");
    const server = await startViewServer({
      pageDir: page,
      load: () => loadViewScene(file, null, 0, { env: {} }),
      watch: false,
    });
    servers.push(server);
    const scene = (await (await fetch(`${server.url}api/scene`)).json()) as ViewScene;

    const mismatch = scene.diagnostics.find((d) => d.code === "INERTIA_GEOMETRY_MISMATCH");
    expect(mismatch?.xmlPath).toContain('link[@name="arm"]');
    // The same diagnostics as `robokit validate` gives for the file.
    expect(codesOf(scene)).toEqual(validatePath(file, { displayName: file }).diagnostics.map((d) => d.code));
    const arm = scene.inertia.find((b) => b.link === "arm");
    expect(scene.inertia.map((b) => b.link)).toEqual(["arm"]);
    expect(arm?.warnings).toEqual(["INERTIA_GEOMETRY_MISMATCH"]);
    // The file's box: the 2 m cube it claims, at the inertial origin; the mesh's: the 0.2 m cube at its centroid.
    for (const s of arm?.file.size ?? []) expect(s).toBeCloseTo(2, 9);
    expect(arm?.file.center).toEqual([0, 0, 0.1]);
    expect(arm?.geometry?.size.map((s) => Number(s.toFixed(6)))).toEqual([0.2, 0.2, 0.2]);
    arm?.geometry?.center.forEach((c, k) => expect(c).toBeCloseTo([0, 0, 0.1][k]!, 6));
    expect(arm?.geometry?.source).toBe("collision");
    expect(arm?.geometry?.density).toBeCloseTo(5 / 0.008, 3);
  });

  it("a mesh found only through -I is measured as `robokit validate -I` does (it was not, before)", async () => {
    const robotDir = join(tmp, "via-include", "robot");
    const parts = join(tmp, "via-include", "models", "parts");
    mkdirSync(robotDir, { recursive: true });
    mkdirSync(parts, { recursive: true });
    // Drawn in millimetres: a 200 mm cube read as 200 m.
    writeFileSync(join(parts, "arm_mm.stl"), cubeStl(200));
    const file = join(robotDir, "r.urdf");
    writeFileSync(file, robotWithMesh("model://parts/arm_mm.stl", 5, 0.2));
    const include = join(tmp, "via-include", "models");
    const { scene } = await loadViewScene(file, null, 0, { includePaths: [include], env: {} });
    expect(codesOf(scene)).toContain("MESH_UNITS_SUSPECT");
    expect(codesOf(scene)).toEqual(
      validatePath(file, { displayName: file, searchPaths: [include] }).diagnostics.map((d) => d.code),
    );
    const arm = scene.inertia.find((b) => b.link === "arm");
    expect(arm?.warnings).toEqual(["MESH_UNITS_SUSPECT"]);
    // The mesh's solid with the link's 5 kg is the 200 m cube, at a density of foam's millionth: shown as it is.
    expect(arm?.geometry?.size[0]).toBeCloseTo(200, 6);
  });

  it("a mesh outside the roots is neither measured nor judged, by view or validate: only the refusal is listed", async () => {
    const outside = join(tmp, "outside");
    const robotDir = join(tmp, "loose", "robot");
    mkdirSync(outside, { recursive: true });
    mkdirSync(robotDir, { recursive: true });
    writeFileSync(join(outside, "arm.stl"), cubeStl(0.2, [0, 0, 0.1]));
    const file = join(robotDir, "r.urdf");
    writeFileSync(file, robotWithMesh("../../outside/arm.stl", 5, 2));
    // `robokit validate` does not read it either: the path comes from the file, not from the user…
    expect(validatePath(file, { displayName: file }).diagnostics.map((d) => d.code)).not.toContain(
      "INERTIA_GEOMETRY_MISMATCH",
    );
    // …but it does once the user names the folder as a root (-I).
    expect(validatePath(file, { displayName: file, searchPaths: [outside] }).diagnostics.map((d) => d.code)).toContain(
      "INERTIA_GEOMETRY_MISMATCH",
    );
    // The page only ever learns what lies inside the roots.
    const { scene } = await loadViewScene(file, null, 0, { env: {} });
    expect(codesOf(scene)).toContain("VIEW_FILE_OUTSIDE_ROOTS");
    expect(codesOf(scene)).not.toContain("INERTIA_GEOMETRY_MISMATCH");
    const arm = scene.inertia.find((b) => b.link === "arm");
    expect(arm?.file.size[0]).toBeCloseTo(2, 9);
    expect(arm?.geometry).toBeUndefined();
    expect(arm?.warnings).toEqual([]);
  });

  it("a bundled robot of primitives: every link with an inertial has both boxes, the geometry's where its collision is", async () => {
    const { scene } = await loadViewScene("robotino", null);
    const links = scene.robot?.links ?? [];
    expect(scene.inertia.map((b) => b.link)).toEqual(links.filter((l) => l.inertial !== undefined).map((l) => l.name));
    let checked = 0;
    for (const b of scene.inertia) {
      const link = links.find((l) => l.name === b.link);
      const shapes = (link?.collisions?.length ?? 0) > 0 ? link?.collisions : link?.visuals;
      expect(b.geometry?.source).toBe((link?.collisions?.length ?? 0) > 0 ? "collision" : "visual");
      const only = shapes?.length === 1 ? shapes[0] : undefined;
      if (only === undefined || link?.inertial === undefined) continue;
      // One shape: the solid is solidInertial of the shape at its origin, computed here without geometrySolid.
      const expected = equivalentInertiaBox(solidInertial(link.inertial.mass, only.geometry, only.origin));
      b.geometry?.center.forEach((c, k) => expect(c).toBeCloseTo(expected?.center[k] ?? Number.NaN, 12));
      b.geometry?.size.forEach((s, k) => expect(s).toBeCloseTo(expected?.size[k] ?? Number.NaN, 9));
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
    expect(scene.inertia.every((b) => b.warnings.length === 0)).toBe(true);
  });
});
