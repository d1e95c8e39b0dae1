import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import fc from "fast-check";
import { tsImport } from "tsx/esm/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { compareRobots } from "../../src/import/compareRobots.js";
import { inertialDeviation, MESH_SOLID_TOLERANCE, meshSolidLinks, meshKey } from "../../src/import/meshSolidLinks.js";
import { robotToTypeScript } from "../../src/import/robotToTypeScript.js";
import type { Inertial } from "../../src/model/Inertial.js";
import type { MeshMassProperties } from "../../src/model/MeshMassProperties.js";
import type { Robot } from "../../src/model/Robot.js";
import { mesh } from "../../src/model/shapes.js";
import { solidLink } from "../../src/model/solidLink.js";
import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { meshMassProperties } from "../../src/parse/mesh/meshMassProperties.js";
import { readStl } from "../../src/parse/mesh/readStl.js";
import { runCliInProcess } from "../support/runCliInProcess.js";
import { runCliProcess } from "../support/runCliProcess.js";
import { typeCheckModules } from "../support/typeCheckModules.js";
import { boxSolid, toStlBinary } from "../support/meshFiles.js";

const srcIndex = resolve(import.meta.dirname, "../../src/index.js");

/** An off-centre bar, 0.2 × 0.04 × 0.05 m, as binary STL. */
const ARM_STL = toStlBinary(boxSolid([0.1, -0.02, 0], [0.3, 0.02, 0.05]));
const ARM_PROPS: MeshMassProperties = meshMassProperties(readStl(ARM_STL, "arm.stl").mesh!, "arm.stl").properties!;
const ARM_ORIGIN = { xyz: [0, 0, 0.1], rpy: [0, 0, 0.3] } as const;
const MASS = 1.35;

/** The arm's inertial as solidLink computes it from the mesh (what a tool that measured the mesh writes). */
function meshInertial(uri: string): Inertial {
  return solidLink("arm", { shape: mesh(uri), mass: MASS, origin: ARM_ORIGIN, meshMassProperties: ARM_PROPS })
    .inertial!;
}

const num = (v: number): string => String(v);

/** A two-link URDF whose arm has `uri` as visual and collision and the given inertial. */
function urdf(
  uri: string,
  inertial: Inertial,
  shape: { xyz: readonly number[]; rpy: readonly number[] } = ARM_ORIGIN,
): string {
  const o = inertial.origin!;
  const so = `<origin xyz="${shape.xyz.map(num).join(" ")}" rpy="${shape.rpy.map(num).join(" ")}"/>`;
  const t = inertial.inertia;
  return `<?xml version="1.0"?>
<robot name="r">
  <link name="base">
    <inertial><mass value="5"/><inertia ixx="0.0375" ixy="0" ixz="0" iyy="0.0375" iyz="0" izz="0.0375"/></inertial>
    <visual><geometry><box size="0.3 0.3 0.3"/></geometry></visual>
    <collision><geometry><box size="0.3 0.3 0.3"/></geometry></collision>
  </link>
  <link name="arm">
    <inertial>
      <origin xyz="${o.xyz.map(num).join(" ")}" rpy="${o.rpy.map(num).join(" ")}"/>
      <mass value="${num(inertial.mass)}"/>
      <inertia ixx="${num(t.ixx)}" ixy="${num(t.ixy)}" ixz="${num(t.ixz)}" iyy="${num(t.iyy)}" iyz="${num(t.iyz)}" izz="${num(t.izz)}"/>
    </inertial>
    <visual>${so}<geometry><mesh filename="${uri}"/></geometry></visual>
    <collision>${so}<geometry><mesh filename="${uri}"/></geometry></collision>
  </link>
  <joint name="j" type="revolute"><origin xyz="0 0 0.2"/><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>
`;
}

function model(text: string): Robot {
  const r = descriptionToModel(text, "r.urdf");
  if (r.robot === undefined) throw new Error(r.diagnostics.map((d) => d.message).join("; "));
  return r.robot;
}

function withInertia(i: Inertial, f: (v: number) => number, key: "ixx" | "ixy" = "ixx"): Inertial {
  return { ...i, inertia: { ...i.inertia, [key]: f(i.inertia[key]) } };
}

let work: string;
beforeAll(() => {
  // Inside the repository (its package.json makes the modules ESM for the type check).
  const tmp = resolve(import.meta.dirname, "../../tmp");
  mkdirSync(tmp, { recursive: true });
  work = mkdtempSync(join(tmp, "meshimport-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The module written with its import bound to src/, loaded (and kept at `<work>/<name>.ts`). */
async function load(ts: string, name: string): Promise<Robot> {
  const file = join(work, `${name}.ts`);
  writeFileSync(file, ts.replace('from "robokit"', `from ${JSON.stringify(srcIndex)}`));
  return ((await tsImport(pathToFileURL(file).href, import.meta.url)) as { robot: Robot }).robot;
}

describe("import: solidLink's mesh form", () => {
  it("a link whose inertial is its mesh's solid matches; a different inertial does not", () => {
    const solids = new Map([[meshKey(mesh("package://kit/arm.stl")), ARM_PROPS]]);
    const exact = model(urdf("package://kit/arm.stl", meshInertial("package://kit/arm.stl")));
    expect([...meshSolidLinks(exact, solids).keys()]).toEqual(["arm"]);
    const heavier = model(
      urdf(
        "package://kit/arm.stl",
        withInertia(meshInertial("x"), (v) => v * 1.01),
      ),
    );
    expect(meshSolidLinks(heavier, solids).size).toBe(0);
    // Without measured properties for the mesh nothing matches.
    expect(meshSolidLinks(exact, new Map()).size).toBe(0);
  });

  it("the tolerance is 1e-6 of each quantity's scale: inside it the mesh form, outside the explicit form (property)", () => {
    const solids = new Map([[meshKey(mesh("m.stl")), ARM_PROPS]]);
    const base = meshInertial("m.stl");
    const largest = Math.max(base.inertia.ixx, base.inertia.iyy, base.inertia.izz) * 1.01; // ≥ the largest principal moment
    fc.assert(
      fc.property(
        fc.constantFrom("com", "rpy", "ixx", "ixy"),
        fc.integer({ min: 0, max: 2 }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (what, k, factor) => {
          const delta = factor * MESH_SOLID_TOLERANCE;
          const o = base.origin!;
          const moved =
            what === "com" || what === "rpy"
              ? {
                  ...base,
                  origin: {
                    ...o,
                    [what === "com" ? "xyz" : "rpy"]: (what === "com" ? o.xyz : o.rpy).map((v, i) =>
                      i === k ? v + delta : v,
                    ),
                  },
                }
              : withInertia(base, (v) => v + delta * largest, what);
          const links = meshSolidLinks(model(urdf("m.stl", moved as Inertial)), solids);
          // Parsing the printed numbers costs nothing: String(v) reads back the same double.
          if (factor < 0.9) expect(links.has("arm"), `${what} ${factor}`).toBe(true);
          if (factor > 1.1) expect(links.has("arm"), `${what} ${factor}`).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the module writes the mesh form and builds the same robot; within 1e-6 the round trip holds at that tolerance", async () => {
    const solids = new Map([[meshKey(mesh("package://kit/arm.stl")), ARM_PROPS]]);
    const exact = model(urdf("package://kit/arm.stl", meshInertial("package://kit/arm.stl")));
    const ts = robotToTypeScript(exact, { from: "r.urdf", meshSolidLinks: meshSolidLinks(exact, solids) });
    expect(ts).toMatch(
      /solidLink\("arm", \{ shape: mesh\("package:\/\/kit\/arm.stl"\), mass: 1.35, origin: .*meshMassProperties: armSolid \}\)/,
    );
    expect(ts).toMatch(/const armSolid = \{ volume: [^,]+, com: \[/);
    const built = await load(ts, "exact");
    expect(compareRobots(exact, built)).toEqual([]);
    expect(emitUrdf(built)).toBe(emitUrdf(exact));
    // A file that printed the tensor to ~7 digits: 3e-7 of the largest moment off. The module
    // builds the mesh's solid, so the exact (1e-9) check sees the difference and the mesh-solid check does not.
    const rounded = withInertia(
      meshInertial("package://kit/arm.stl"),
      (v) => v + 3e-7 * ARM_PROPS.unitInertia.ixx * (MASS / ARM_PROPS.volume) * 3,
    );
    const near = model(
      urdf("package://kit/arm.stl", {
        ...rounded,
        origin: {
          ...rounded.origin!,
          xyz: rounded.origin!.xyz.map((v) => v + 4e-7) as unknown as [number, number, number],
        },
      }),
    );
    const links = meshSolidLinks(near, solids);
    expect(links.get("arm")?.deviation).toBeGreaterThan(1e-9);
    const nearBuilt = await load(robotToTypeScript(near, { from: "r.urdf", meshSolidLinks: links }), "near");
    expect(compareRobots(near, nearBuilt)).not.toEqual([]);
    expect(compareRobots(near, nearBuilt, 1e-9, { meshSolidLinks: new Set(["arm"]) })).toEqual([]);
    expect(inertialDeviation(near.links[1]!.inertial!, nearBuilt.links[1]!.inertial!)).toBeLessThanOrEqual(
      MESH_SOLID_TOLERANCE,
    );
  });
});

describe("robokit import reads the meshes, contained", () => {
  /** A package folder `kit` (package.xml) with urdf/r.urdf; meshes written by the caller. */
  function kit(name: string): string {
    const dir = join(work, name, "kit");
    mkdirSync(join(dir, "urdf"), { recursive: true });
    mkdirSync(join(dir, "meshes"), { recursive: true });
    writeFileSync(join(dir, "package.xml"), '<?xml version="1.0"?><package format="3"><name>kit</name></package>');
    return dir;
  }

  async function importTs(
    dir: string,
    uri: string,
    inertial: Inertial,
  ): Promise<{ code: number; ts: string; stderr: string }> {
    writeFileSync(join(dir, "urdf", "r.urdf"), urdf(uri, inertial));
    const r = await runCliInProcess(["import", join(dir, "urdf", "r.urdf"), "--to", "ts"]);
    return { code: r.code, ts: r.stdout, stderr: r.stderr };
  }

  it("package:// and relative meshes whose inertial was computed from the mesh: the mesh form, and the module builds the same URDF", async () => {
    const dir = kit("good");
    writeFileSync(join(dir, "meshes", "arm.stl"), ARM_STL);
    for (const uri of ["package://kit/meshes/arm.stl", "../meshes/arm.stl"]) {
      const r = await importTs(dir, uri, meshInertial(uri));
      expect(r.code, r.stderr).toBe(0);
      expect(r.ts).toContain("meshMassProperties: armSolid");
      expect(r.stderr).toMatch(/1 link \(arm\) written as solidLink of its mesh: .* within 1e-6/);
      const original = model(readFileSync(join(dir, "urdf", "r.urdf"), "utf8"));
      const built = await load(r.ts, `good${uri.length}`);
      // The module passes the project's strict compiler options (the constant fits MeshMassProperties).
      expect(typeCheckModules([join(work, `good${uri.length}.ts`)])).toEqual([]);
      expect(compareRobots(original, built)).toEqual([]);
      expect(emitUrdf(built)).toBe(emitUrdf(original));
    }
  });

  it("robokit build of the imported module writes the file's robot (mesh-form inertial within 1e-6)", () => {
    const dir = kit("build");
    writeFileSync(join(dir, "meshes", "arm.stl"), ARM_STL);
    // A hand-written box inertia (exact for a 0.2 × 0.04 × 0.05 m bar of 1.35 kg): the float32 STL
    // is that bar within 1e-7, so the link takes the mesh form and the built URDF moves that little.
    const bar = {
      mass: MASS,
      origin: { xyz: [0.2, 0, 0.025], rpy: [0, 0, 0] },
      inertia: { ixx: 0.00046125, ixy: 0, ixz: 0, iyy: 0.00478125, iyz: 0, izz: 0.00468 },
    } as Inertial;
    const file = join(dir, "urdf", "r.urdf");
    writeFileSync(file, urdf("package://kit/meshes/arm.stl", bar, { xyz: [0, 0, 0], rpy: [0, 0, 0] }));
    const out = join(work, "build-out");
    const imported = runCliProcess(["import", file, "--to", "ts", "--out", join(work, "build.ts")]);
    expect(imported.status, imported.stderr).toBe(0);
    expect(readFileSync(join(work, "build.ts"), "utf8")).toContain("meshMassProperties: armSolid");
    const built = runCliProcess(["build", join(work, "build.ts"), "--out", out]);
    expect(built.status, built.stderr).toBe(0);
    const original = model(readFileSync(file, "utf8"));
    const back = model(readFileSync(join(out, "urdf", "r.urdf"), "utf8"));
    expect(compareRobots(original, back)).not.toEqual([]);
    expect(compareRobots(original, back, 1e-9, { meshSolidLinks: new Set(["arm"]) })).toEqual([]);
  }, 60_000);

  it("a different inertial keeps the explicit form", async () => {
    const dir = kit("different");
    writeFileSync(join(dir, "meshes", "arm.stl"), ARM_STL);
    const uri = "package://kit/meshes/arm.stl";
    const r = await importTs(
      dir,
      uri,
      withInertia(meshInertial(uri), (v) => v * 1.001),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.ts).not.toContain("meshMassProperties");
    expect(r.ts).toMatch(/name: "arm",[\s\S]*inertial: \{ mass: 1.35/);
    expect(r.stderr).not.toMatch(/written as solidLink/);
  });

  it("hostile mesh paths (outside the roots, a link out, a FIFO): the explicit form and a note, the file outside never used", async () => {
    const dir = kit("hostile");
    // The right mesh, outside the package's workspace: were it read, the link would take the mesh form.
    const outside = join(work, "hostile-outside");
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, "arm.stl"), ARM_STL);
    // The workspace is the folder above the package (<work>/hostile); go above it.
    symlinkSync(join(outside, "arm.stl"), join(dir, "meshes", "link.stl"));
    execFileSync("mkfifo", [join(dir, "meshes", "pipe.stl")]);
    const cases: [string, RegExp][] = [
      ["../../../hostile-outside/arm.stl", /outside the file's workspace/],
      [join(outside, "arm.stl"), /outside the file's workspace/],
      [`file://${join(outside, "arm.stl")}`, /outside the file's workspace/],
      ["package://kit/meshes/link.stl", /outside the file's workspace/],
      ["package://kit/meshes/pipe.stl", /a FIFO/],
      ["package://kit/meshes/missing.stl", /not found/],
    ];
    for (const [uri, reason] of cases) {
      const r = await importTs(dir, uri, meshInertial(uri));
      expect(r.code, `${uri}: ${r.stderr}`).toBe(0);
      expect(r.ts, uri).not.toContain("meshMassProperties");
      expect(r.stderr, uri).toMatch(/1 mesh not measured, so their links keep an explicit inertial: /);
      expect(r.stderr, uri).toMatch(reason);
      expect(r.ts, uri).toMatch(/\* 1 mesh not measured/);
    }
  });
});
