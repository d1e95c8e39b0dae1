import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { validatePath } from "../../src/cli/commands/validateCommand.js";
import { boxInertia } from "../../src/model/inertia.js";
import type { ValidateOptions } from "../../src/validate/RuleContext.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { boxSolid, toDae, toStlBinary } from "../support/meshFiles.js";

const GEOMETRY_CODES = new Set([
  "INERTIA_GEOMETRY_MISMATCH",
  "COM_OUTSIDE_GEOMETRY",
  "DENSITY_IMPLAUSIBLE",
  "MESH_UNITS_SUSPECT",
]);

/** Resolves `model://kit/<name>` to in-memory meshes: no disk. */
function meshOptions(meshes: Record<string, Uint8Array>): ValidateOptions {
  return {
    resolveResource: (uri) => {
      const name = uri.replace("model://kit/", "");
      return name in meshes ? { file: name } : { problem: "not-found", detail: "test", searched: false };
    },
    readResource: (file) => {
      const bytes = meshes[file];
      return bytes === undefined ? { problem: "unreadable", detail: "test" } : { bytes };
    },
  };
}

const cubeStl = (side: number): Uint8Array =>
  toStlBinary(boxSolid([-side / 2, -side / 2, -side / 2], [side / 2, side / 2, side / 2]));

interface ArmOptions {
  readonly mass?: number;
  readonly inertia?: readonly number[];
  readonly pose?: string;
  readonly geometry?: string;
  readonly collisionPose?: string;
}

/** A 0.1 m aluminium cube arm (2.7 kg, its own solid inertia) unless overridden. */
function arm(o: ArmOptions = {}): string {
  const t = boxInertia(2.7, [0.1, 0.1, 0.1]);
  const [ixx, iyy, izz] = o.inertia ?? [t.ixx, t.iyy, t.izz];
  return `    <link name="arm">
      <pose>0 0 0.2 0 0 0</pose>
      <inertial>
        <pose>${o.pose ?? "0 0 0 0 0 0"}</pose>
        <mass>${o.mass ?? 2.7}</mass>
        <inertia>
          <ixx>${ixx}</ixx><ixy>0</ixy><ixz>0</ixz><iyy>${iyy}</iyy><iyz>0</iyz><izz>${izz}</izz>
        </inertia>
      </inertial>
      <collision name="c">
        ${o.collisionPose === undefined ? "" : `<pose>${o.collisionPose}</pose>`}
        <geometry>${o.geometry ?? "<box><size>0.1 0.1 0.1</size></box>"}</geometry>
      </collision>
    </link>`;
}

/** A model: a consistent 0.3 m box base and the arm on a revolute joint. */
function model(armLink: string, extra = ""): string {
  const b = boxInertia(5, [0.3, 0.3, 0.3]);
  return `<?xml version="1.0"?>
<sdf version="1.9">
  <model name="r">
    ${extra}
    <link name="base">
      <inertial><mass>5</mass><inertia><ixx>${b.ixx}</ixx><iyy>${b.iyy}</iyy><izz>${b.izz}</izz></inertia></inertial>
      <collision name="c"><geometry><box><size>0.3 0.3 0.3</size></box></geometry></collision>
    </link>
${armLink}
    <joint name="j" type="revolute"><parent>base</parent><child>arm</child><axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis></joint>
  </model>
</sdf>
`;
}

function geometryWarnings(text: string, options: ValidateOptions = {}) {
  return validateFile(text, "r.sdf", options).filter((d) => GEOMETRY_CODES.has(d.code));
}

/** 1-based line and column of the first `needle` after `after` in `text`. */
function where(text: string, needle: string, after = ""): { line: number; column: number } {
  const at = text.indexOf(needle, text.indexOf(after));
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

describe("validator: SDF inertials against the collision geometry", () => {
  it("is silent on a consistent link, primitive or mesh", () => {
    expect(geometryWarnings(model(arm()))).toEqual([]);
    const text = model(arm({ geometry: "<mesh><uri>model://kit/cube.stl</uri></mesh>" }));
    expect(geometryWarnings(text, meshOptions({ "cube.stl": cubeStl(0.1) }))).toEqual([]);
  });

  it("MESH_UNITS_SUSPECT: an STL in millimetres, at the <uri>", () => {
    const text = model(arm({ geometry: "<mesh><uri>model://kit/cube_mm.stl</uri></mesh>" }));
    const found = geometryWarnings(text, meshOptions({ "cube_mm.stl": cubeStl(100) }));
    expect(found.map((d) => d.code)).toEqual(["MESH_UNITS_SUSPECT"]);
    expect(found[0]?.message).toMatch(/link \[arm\] collision mesh \[model:\/\/kit\/cube_mm.stl\] is 100 m across/);
    expect(found[0]).toMatchObject({ ...where(text, "<uri>"), severity: "warning" });
    expect(found[0]?.xmlPath).toMatch(/\/uri$/);
  });

  it("MESH_UNITS_SUSPECT: a COLLADA <unit> the SDF <scale> applies again, at the <scale>", () => {
    const dae = new TextEncoder().encode(toDae(boxSolid([-0.05, -0.05, -0.05], [0.05, 0.05, 0.05]), { meter: 0.001 }));
    const options = meshOptions({ "cube.dae": dae });
    expect(geometryWarnings(model(arm({ geometry: "<mesh><uri>model://kit/cube.dae</uri></mesh>" })), options)).toEqual(
      [],
    );
    const text = model(
      arm({ geometry: "<mesh><uri>model://kit/cube.dae</uri><scale>0.001 0.001 0.001</scale></mesh>" }),
    );
    const twice = geometryWarnings(text, options);
    expect(twice.map((d) => d.code)).toEqual(["MESH_UNITS_SUSPECT"]);
    expect(twice[0]?.message).toMatch(/<unit meter="0.001"> and the SDF scales it by 0.001 0.001 0.001/);
    expect(twice[0]).toMatchObject(where(text, "<scale>"));
  });

  it("DENSITY_IMPLAUSIBLE at the <mass>", () => {
    const light = boxInertia(0.5, [1, 1, 1]);
    const text = model(
      arm({ mass: 0.5, inertia: [light.ixx, light.iyy, light.izz], geometry: "<box><size>1 1 1</size></box>" }),
    );
    const found = geometryWarnings(text);
    expect(found.map((d) => d.code)).toEqual(["DENSITY_IMPLAUSIBLE"]);
    expect(found[0]?.message).toMatch(/0\.5 kg\/m³: lighter than air/);
    expect(found[0]).toMatchObject(where(text, "<mass>0.5"));
  });

  it("INERTIA_GEOMETRY_MISMATCH at the <inertia>", () => {
    const text = model(arm({ mass: 1000, inertia: [1e-4, 1e-4, 1e-6], geometry: "<box><size>1 1 1</size></box>" }));
    const found = geometryWarnings(text);
    expect(found.map((d) => d.code)).toEqual(["INERTIA_GEOMETRY_MISMATCH"]);
    expect(found[0]?.message).toMatch(/link \[arm\] largest principal moment .* times smaller/);
    expect(found[0]).toMatchObject(where(text, "<inertia>", '<link name="arm">'));
  });

  it("COM_OUTSIDE_GEOMETRY at the inertial <pose>; collision poses place the shapes", () => {
    const text = model(arm({ pose: "1.05 0 0 0 0 0" }));
    const found = geometryWarnings(text);
    expect(found.map((d) => d.code)).toEqual(["COM_OUTSIDE_GEOMETRY"]);
    expect(found[0]?.message).toMatch(/lies 1 m outside/);
    expect(found[0]).toMatchObject(where(text, "<pose>1.05"));
    // The same centre of mass over a box moved there by the collision's <pose>: consistent.
    expect(geometryWarnings(model(arm({ pose: "1.05 0 0 0 0 0", collisionPose: "1.05 0 0 0 0 0" })))).toEqual([]);
    // 1.9's degrees and quaternions are read: a box 1 m long turned 90° about z spans y, not x.
    const turned = (p: string) =>
      geometryWarnings(
        model(arm({ pose: "0 0.45 0 0 0 0", collisionPose: p, geometry: "<box><size>1 0.1 0.1</size></box>" })),
      );
    expect(turned('0 0 0 0 0 90" degrees="true')).toEqual([]);
    expect(turned("0 0 0 0 0 0")).not.toEqual([]);
  });

  it("leaves alone what it cannot judge: static models, auto inertials, poses in other frames, visual-only links", () => {
    const heavy = arm({ mass: 1000, inertia: [1e-4, 1e-4, 1e-6], geometry: "<box><size>1 1 1</size></box>" });
    expect(geometryWarnings(model(heavy, "<static>true</static>"))).toEqual([]);
    const relative = arm({ pose: "5 0 0 0 0 0" }).replace("<pose>5 0 0", '<pose relative_to="base">5 0 0');
    expect(geometryWarnings(model(relative))).toEqual([]);
    expect(geometryWarnings(model(heavy.replace("<inertial>", '<inertial auto="true">')))).toEqual([]);
    const visualOnly = arm({ pose: "5 0 0 0 0 0" }).replace(/<collision[\s\S]*<\/collision>/, "");
    expect(geometryWarnings(model(visualOnly))).toEqual([]);
  });

  it("never warns about the uniform solid of any box, however placed (property)", () => {
    const coordinate = fc.double({ min: -2, max: 2, noNaN: true });
    const angle = fc.double({ min: -3, max: 3, noNaN: true });
    fc.assert(
      fc.property(
        fc.tuple(
          fc.double({ min: 0.01, max: 3, noNaN: true }),
          fc.double({ min: 0.01, max: 3, noNaN: true }),
          fc.double({ min: 0.01, max: 3, noNaN: true }),
        ),
        fc.double({ min: 100, max: 20_000, noNaN: true }),
        fc.tuple(coordinate, coordinate, coordinate, angle, angle, angle),
        ([x, y, z], density, p) => {
          const mass = density * x * y * z;
          const t = boxInertia(mass, [x, y, z]);
          const pose = p.join(" ");
          const text = model(
            arm({
              mass,
              inertia: [t.ixx, t.iyy, t.izz],
              pose,
              collisionPose: pose,
              geometry: `<box><size>${x} ${y} ${z}</size></box>`,
            }),
          );
          expect(geometryWarnings(text)).toEqual([]);
        },
      ),
    );
  });
});

describe("validatePath reads SDF collision meshes from disk", () => {
  it("finds model://<its folder>/meshes/… and a relative mesh, through the CLI's bounded reader", () => {
    const dir = mkdtempSync(join(tmpdir(), "robokit-sdfmesh-"));
    try {
      const modelDir = join(dir, "kit");
      mkdirSync(join(modelDir, "meshes"), { recursive: true });
      writeFileSync(join(modelDir, "meshes", "part_mm.stl"), cubeStl(100));
      writeFileSync(join(modelDir, "meshes", "part_m.stl"), cubeStl(0.1));
      const codes = (uri: string): string[] => {
        writeFileSync(join(modelDir, "model.sdf"), model(arm({ geometry: `<mesh><uri>${uri}</uri></mesh>` })));
        return validatePath(join(modelDir, "model.sdf"), { displayName: "model.sdf", searchPaths: [dir] })
          .diagnostics.filter((d) => GEOMETRY_CODES.has(d.code))
          .map((d) => d.code);
      };
      expect(codes("model://kit/meshes/part_mm.stl")).toEqual(["MESH_UNITS_SUSPECT"]);
      expect(codes("meshes/part_mm.stl")).toEqual(["MESH_UNITS_SUSPECT"]);
      expect(codes("model://kit/meshes/part_m.stl")).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
