import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { MeshGeometry } from "../../model/Geometry.js";
import type { Robot } from "../../model/Robot.js";
import { mjcfMeshAssets } from "./mjcfMeshAssets.js";

function robotWith(meshes: readonly MeshGeometry[]): Robot {
  return {
    name: "r",
    links: meshes.map((geometry, k) => ({ name: `l${k}`, visuals: [{ geometry }], collisions: [{ geometry }] })),
  };
}

const segment = fc.stringMatching(/^[A-Za-z0-9 ._;:%-]{0,12}$/);
const uri = fc
  .tuple(
    fc.constantFrom("package://p/", "model://m/", "", "file:///x/", "../"),
    segment,
    fc.constantFrom(".stl", ".STL", ".dae", ".obj", ""),
  )
  .map(([scheme, name, ext]) => `${scheme}${name}${ext}`);
const scale = fc.option(fc.constantFrom<[number, number, number]>([1, 1, 1], [2, 2, 2], [0.001, 0.001, 0.001]), {
  nil: undefined,
});
const meshes = fc.array(
  fc
    .record({ uri, scale })
    .map(({ uri: u, scale: s }): MeshGeometry => ({ type: "mesh", uri: u, ...(s === undefined ? {} : { scale: s }) })),
  { maxLength: 30 },
);

describe("mjcfMeshAssets", () => {
  it("one file per URI and one asset per URI and scale; names safe, unique without regard to case", () => {
    fc.assert(
      fc.property(meshes, (list) => {
        const plan = mjcfMeshAssets(robotWith(list));
        const uris = new Set(list.map((m) => m.uri));
        expect(plan.files.length).toBe(uris.size);
        const files = plan.files.map((f) => f.file.toLowerCase());
        expect(new Set(files).size).toBe(files.length);
        for (const f of plan.files) {
          expect(f.file).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/);
          expect(f.file.endsWith(`.${f.format}`)).toBe(true);
        }
        const names = plan.assets.map((a) => a.name.toLowerCase());
        expect(new Set(names).size).toBe(names.length);
        for (const m of list) {
          const name = plan.assetOf(m);
          const asset = plan.assets.find((a) => a.name === name);
          expect(asset?.file).toBe(plan.files.find((f) => f.uri === m.uri)?.file);
          const s = m.scale ?? [1, 1, 1];
          expect(asset?.scale ?? [1, 1, 1]).toEqual(s);
        }
      }),
    );
  });

  it("keeps a visual base.dae and a collision base.stl apart, and writes COLLADA as STL", () => {
    const plan = mjcfMeshAssets(
      robotWith([
        { type: "mesh", uri: "package://p/meshes/base.dae" },
        { type: "mesh", uri: "package://p/meshes/base.stl" },
        { type: "mesh", uri: "package://q/meshes/BASE.stl" },
      ]),
    );
    expect(plan.files.map((f) => f.file)).toEqual(["base_dae.stl", "base.stl", "BASE_2.stl"]);
    expect(plan.assets.map((a) => a.name)).toEqual(["base_dae", "base", "BASE_2"]);
  });
});
