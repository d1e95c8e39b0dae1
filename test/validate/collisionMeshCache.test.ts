import { describe, expect, it, vi } from "vitest";

import { meshMassProperties } from "../../src/parse/mesh/meshMassProperties.js";
import type { ValidateOptions } from "../../src/validate/RuleContext.js";
import { CollisionMeshCache } from "../../src/validate/rules/CollisionMeshCache.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { boxSolid, toStlBinary } from "../support/meshFiles.js";

vi.mock("../../src/parse/mesh/meshMassProperties.js", async (original) => {
  const real = await original<typeof import("../../src/parse/mesh/meshMassProperties.js")>();
  return { ...real, meshMassProperties: vi.fn(real.meshMassProperties) };
});

const cube = toStlBinary(boxSolid([-0.05, -0.05, -0.05], [0.05, 0.05, 0.05]));

function options(files: Record<string, Uint8Array>, reads: string[]): ValidateOptions {
  return {
    resolveResource: (uri) => ({ file: uri.replace("package://kit/", "") }),
    readResource: (file) => {
      reads.push(file);
      const bytes = files[file];
      return bytes === undefined ? { problem: "unreadable", detail: "test" } : { bytes };
    },
  };
}

/** `n` links in a chain, each colliding with `package://kit/cube.stl`, every fifth scaled by 0.1. */
function chain(n: number): string {
  const links = Array.from(
    { length: n },
    (_, i) =>
      `<link name="l${i}"><inertial><mass value="2.7"/><inertia ixx="0.0045" ixy="0" ixz="0" iyy="0.0045" iyz="0" izz="0.0045"/></inertial><collision><geometry><mesh filename="package://kit/cube.stl"${i % 5 === 4 ? ' scale="0.1 0.1 0.1"' : ""}/></geometry></collision></link>`,
  );
  const joints = Array.from(
    { length: n - 1 },
    (_, i) =>
      `<joint name="j${i}" type="revolute"><parent link="l${i}"/><child link="l${i + 1}"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>`,
  );
  return `<robot name="r">${links.join("")}${joints.join("")}</robot>`;
}

describe("collision meshes in validate", () => {
  it("are read and measured once per file and scale however many links name them", () => {
    const measure = vi.mocked(meshMassProperties);
    measure.mockClear();
    const reads: string[] = [];
    const diagnostics = validateFile(chain(150), "r.urdf", options({ "cube.stl": cube }, reads));
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(measure).toHaveBeenCalledTimes(2);
    expect(reads).toEqual(["cube.stl", "cube.stl"]);
    // The scaled links weigh the same in a thousandth of the volume: too dense for any material.
    expect(diagnostics.some((d) => d.code === "DENSITY_IMPLAUSIBLE" || d.code === "INERTIA_GEOMETRY_MISMATCH")).toBe(
      true,
    );
  });

  it("stop reading meshes past the byte budget and say so", () => {
    const files: Record<string, Uint8Array> = { "a.stl": cube, "b.stl": cube };
    const cache = new CollisionMeshCache((file) => ({ bytes: files[file]! }), cube.length);
    expect(cache.measure("a.stl", "a.stl", [1, 1, 1])?.properties?.volume).toBeCloseTo(0.001, 9);
    expect(cache.overBudget).toBe(false);
    expect(cache.measure("a.stl", "a.stl", [1, 1, 1])?.properties?.volume).toBeCloseTo(0.001, 9);
    expect(cache.measure("b.stl", "b.stl", [1, 1, 1])).toBeUndefined();
    expect(cache.overBudget).toBe(true);
  });
});
