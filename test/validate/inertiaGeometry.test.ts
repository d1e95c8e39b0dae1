import { readFileSync } from "node:fs";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { boxInertia } from "../../src/model/inertia.js";
import type { ValidateOptions } from "../../src/validate/RuleContext.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { boxSolid, toDae } from "../support/meshFiles.js";

const GEOMETRY_CODES = new Set([
  "INERTIA_GEOMETRY_MISMATCH",
  "COM_OUTSIDE_GEOMETRY",
  "DENSITY_IMPLAUSIBLE",
  "MESH_UNITS_SUSPECT",
]);

/** Binary STL of an axis-aligned cube of side `side` (file units) centred at the origin, outward-facing. */
function cubeStl(side: number): Uint8Array {
  const h = side / 2;
  const v = [
    [-h, -h, -h],
    [h, -h, -h],
    [h, h, -h],
    [-h, h, -h],
    [-h, -h, h],
    [h, -h, h],
    [h, h, h],
    [-h, h, h],
  ] as const;
  const faces = [
    [0, 2, 1],
    [0, 3, 2],
    [4, 5, 6],
    [4, 6, 7],
    [0, 1, 5],
    [0, 5, 4],
    [1, 2, 6],
    [1, 6, 5],
    [2, 3, 7],
    [2, 7, 6],
    [3, 0, 4],
    [3, 4, 7],
  ] as const;
  const bytes = new Uint8Array(84 + 50 * faces.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, faces.length, true);
  faces.forEach((f, i) => {
    const at = 84 + 50 * i;
    f.forEach((vi, k) => v[vi]!.forEach((c, j) => view.setFloat32(at + 12 + 12 * k + 4 * j, c, true)));
  });
  return bytes;
}

/** Options that resolve `package://kit/<name>` to in-memory meshes: no disk. */
function meshOptions(meshes: Record<string, Uint8Array>): ValidateOptions {
  return {
    resolveResource: (uri) => {
      const name = uri.replace("package://kit/", "");
      return name in meshes ? { file: name } : { problem: "not-found", detail: "test", searched: false };
    },
    readResource: (file) => {
      const bytes = meshes[file];
      return bytes === undefined ? { problem: "unreadable", detail: "test" } : { bytes };
    },
  };
}

function link(
  name: string,
  body: { mass: number; inertia: number[]; com?: string; collision?: string; visual?: string },
): string {
  const [ixx, iyy, izz] = body.inertia;
  return `<link name="${name}">
    <inertial><origin xyz="${body.com ?? "0 0 0"}" rpy="0 0 0"/><mass value="${body.mass}"/><inertia ixx="${ixx}" ixy="0" ixz="0" iyy="${iyy}" iyz="0" izz="${izz}"/></inertial>
    ${body.visual === undefined ? "" : `<visual><geometry>${body.visual}</geometry></visual>`}
    ${body.collision === undefined ? "" : `<collision><geometry>${body.collision}</geometry></collision>`}
  </link>`;
}

/** A base (0.3 m box, consistent) and one arm link on a revolute joint 0.2 m up. */
function robot(arm: string): string {
  const base = boxInertia(5, [0.3, 0.3, 0.3]);
  return `<?xml version="1.0"?>
<robot name="r">
  ${link("base", { mass: 5, inertia: [base.ixx, base.iyy, base.izz], collision: '<box size="0.3 0.3 0.3"/>' })}
  ${arm}
  <joint name="j" type="revolute"><origin xyz="0 0 0.2"/><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>`;
}

function geometryWarnings(
  text: string,
  options: ValidateOptions = {},
): { code: string; message: string; severity: string }[] {
  return validateFile(text, "r.urdf", options).filter((d) => GEOMETRY_CODES.has(d.code));
}

/** A consistent 0.1 m aluminium cube: 2.7 kg and its own solid inertia. */
const cube = boxInertia(2.7, [0.1, 0.1, 0.1]);
const cubeArm = (collision: string, over: Partial<{ mass: number; inertia: number[]; com: string }> = {}): string =>
  link("arm", { mass: 2.7, inertia: [cube.ixx, cube.iyy, cube.izz], collision, ...over });

describe("validator: inertials against the collision geometry", () => {
  it("is silent on a consistent link, primitive or mesh", () => {
    expect(geometryWarnings(robot(cubeArm('<box size="0.1 0.1 0.1"/>')))).toEqual([]);
    const text = robot(cubeArm('<mesh filename="package://kit/cube.stl"/>'));
    expect(geometryWarnings(text, meshOptions({ "cube.stl": cubeStl(0.1) }))).toEqual([]);
  });

  it("warns about an STL exported in millimetres, and says what the simulators do", () => {
    const text = robot(cubeArm('<mesh filename="package://kit/cube_mm.stl"/>'));
    const found = geometryWarnings(text, meshOptions({ "cube_mm.stl": cubeStl(100) }));
    expect(found.map((d) => d.code)).toEqual(["MESH_UNITS_SUSPECT"]);
    expect(found[0]?.severity).toBe("warning");
    expect(found[0]?.message).toMatch(/100 m across.*millimetres.*1000 times too large/);
  });

  it("warns about a COLLADA file in millimetres whose <unit> the URDF scale applies a second time", () => {
    const dae = new TextEncoder().encode(toDae(boxSolid([-0.05, -0.05, -0.05], [0.05, 0.05, 0.05]), { meter: 0.001 }));
    const options = meshOptions({ "cube.dae": dae });
    // Written in millimetres (100 units across); its <unit> alone makes it the 0.1 m cube: consistent, silent.
    expect(geometryWarnings(robot(cubeArm('<mesh filename="package://kit/cube.dae"/>')), options)).toEqual([]);
    const twice = geometryWarnings(
      robot(cubeArm('<mesh filename="package://kit/cube.dae" scale="0.001 0.001 0.001"/>')),
      options,
    );
    expect(twice.map((d) => d.code)).toEqual(["MESH_UNITS_SUSPECT"]);
    expect(twice[0]?.message).toMatch(/<unit meter="0.001">.*scales it by 0.001 0.001 0.001.*0.0001 m across/);
  });

  it("warns about a 1,000 kg link with a pencil's inertia", () => {
    const found = geometryWarnings(robot(cubeArm('<box size="1 1 1"/>', { mass: 1000, inertia: [1e-4, 1e-4, 1e-6] })));
    expect(found.map((d) => d.code)).toEqual(["INERTIA_GEOMETRY_MISMATCH"]);
    expect(found[0]?.message).toMatch(/times smaller.*will spin up or jitter/);
  });

  it("warns about a body lighter than air", () => {
    const light = boxInertia(0.5, [1, 1, 1]);
    const found = geometryWarnings(
      robot(cubeArm('<box size="1 1 1"/>', { mass: 0.5, inertia: [light.ixx, light.iyy, light.izz] })),
    );
    expect(found.map((d) => d.code)).toEqual(["DENSITY_IMPLAUSIBLE"]);
    expect(found[0]?.message).toMatch(/0\.5 kg\/m³: lighter than air/);
  });

  it("warns about a centre of mass 1 m outside its collision box", () => {
    const found = geometryWarnings(robot(cubeArm('<box size="0.1 0.1 0.1"/>', { com: "1.05 0 0" })));
    expect(found.map((d) => d.code)).toEqual(["COM_OUTSIDE_GEOMETRY"]);
    expect(found[0]?.message).toMatch(/lies 1 m outside/);
  });

  it("leaves a visual-only link alone", () => {
    const arm = link("arm", { mass: 1000, inertia: [1e-6, 1e-6, 1e-6], com: "5 0 0", visual: '<box size="1 1 1"/>' });
    expect(geometryWarnings(robot(arm))).toEqual([]);
  });

  it("judges links joined by fixed joints as the one body the simulators make of them", () => {
    // A massless collision holder fixed to a link that carries the mass: together they are consistent.
    const text = robot(
      `${link("arm", { mass: 2.7, inertia: [cube.ixx, cube.iyy, cube.izz] })}
       ${link("arm_shape", { mass: 1e-6, inertia: [1e-12, 1e-12, 1e-12], collision: '<box size="0.1 0.1 0.1"/>' })}
       <joint name="f" type="fixed"><parent link="arm"/><child link="arm_shape"/></joint>`,
    );
    expect(geometryWarnings(text)).toEqual([]);
  });

  it("never warns about the uniform solid of any box (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        fc.double({ min: 100, max: 20_000, noNaN: true }),
        (x, y, z, density) => {
          const mass = density * x * y * z;
          const t = boxInertia(mass, [x, y, z]);
          const arm = link("arm", { mass, inertia: [t.ixx, t.iyy, t.izz], collision: `<box size="${x} ${y} ${z}"/>` });
          expect(geometryWarnings(robot(arm))).toEqual([]);
        },
      ),
    );
  });

  it("draws no warning on MARIO and Robotino", () => {
    for (const file of [
      "mario/mario.urdf",
      "mario/gz/urdf/mario.urdf",
      "robotino/gz/urdf/robotino.urdf",
      "robotino/classic/urdf/robotino.urdf",
    ]) {
      const text = readFileSync(join(import.meta.dirname, "../golden", file), "utf8");
      const all = validateFile(text, file);
      // The examples do carry collision geometry, so the rule does run on them.
      expect(text).toContain("<collision>");
      expect(all.filter((d) => GEOMETRY_CODES.has(d.code))).toEqual([]);
    }
  });
});

describe("validatePath reads collision meshes from disk", () => {
  it("finds an STL in millimetres next to the URDF, through the CLI's bounded reader", async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { validatePath } = await import("../../src/cli/commands/validateCommand.js");
    const { toStlBinary } = await import("../support/meshFiles.js");
    const dir = mkdtempSync(join(tmpdir(), "robokit-meshrules-"));
    try {
      writeFileSync(join(dir, "part_mm.stl"), toStlBinary(boxSolid([-50, -50, -50], [50, 50, 50])));
      writeFileSync(join(dir, "part_m.stl"), toStlBinary(boxSolid([-0.05, -0.05, -0.05], [0.05, 0.05, 0.05])));
      const codes = (mesh: string): string[] => {
        writeFileSync(join(dir, "r.urdf"), robot(cubeArm(`<mesh filename="${mesh}"/>`)));
        return validatePath(join(dir, "r.urdf"), { displayName: "r.urdf" })
          .diagnostics.filter((d) => GEOMETRY_CODES.has(d.code))
          .map((d) => d.code);
      };
      expect(codes("part_mm.stl")).toEqual(["MESH_UNITS_SUSPECT"]);
      expect(codes("part_m.stl")).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("validator: a COLLADA <up_axis> is judged as Gazebo loads it (ignored)", () => {
  // A 0.04 × 0.8 × 0.04 m rod along +y, from y = 0.3 to 1.1, in a Y_UP file. Gazebo's ColladaLoader
  // never reads <up_axis>, so the link holds the rod along y; the COLLADA spec would stand it up along z.
  const lo = [-0.02, 0.3, -0.02] as const;
  const hi = [0.02, 1.1, 0.02] as const;
  const size: [number, number, number] = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
  const mass = 2700 * size[0] * size[1] * size[2];
  const dae = new TextEncoder().encode(toDae(boxSolid(lo, hi), { upAxis: "Y_UP" }));
  const options = meshOptions({ "rod.dae": dae });
  const arm = (com: [number, number, number], dims: [number, number, number]): string => {
    const i = boxInertia(mass, dims);
    return link("arm", {
      mass,
      inertia: [i.ixx, i.iyy, i.izz],
      com: com.join(" "),
      collision: '<mesh filename="package://kit/rod.dae"/>',
    });
  };

  it("is silent on the inertial of the rod as Gazebo places it (along y, centre at y = 0.7)", () => {
    expect(geometryWarnings(robot(arm([0, 0.7, 0], size)), options)).toEqual([]);
  });

  it("warns on the inertial of the rod turned z-up (as the COLLADA spec would place it), and says the up axis was ignored", () => {
    const found = geometryWarnings(robot(arm([0, 0, 0.7], [size[0], size[2], size[1]])), options);
    expect(found.map((d) => d.code)).toEqual(["COM_OUTSIDE_GEOMETRY"]);
    expect(found[0]?.message).toContain("declares <up_axis>Y_UP</up_axis>, which Gazebo ignores");
  });
});
