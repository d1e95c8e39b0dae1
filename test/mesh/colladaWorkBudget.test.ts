import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { readCollada } from "../../src/parse/mesh/readCollada.js";
import { MESH_LIMITS } from "../../src/parse/mesh/TriangleMesh.js";

/**
 * A COLLADA file whose node n_i instantiates n_(i+1) twice (each copy moved along x by 2^i),
 * `depth` levels, the last placing one tetrahedron of 4 triangles: 2^depth + 2^(depth−1) − 1
 * nodes (the scene's own, the n_i and the moving ones), 2^(depth−1) geometries and as many
 * primitives instantiated, from a few hundred bytes.
 */
function doublingScene(depth: number, leafGeometry = true): Uint8Array {
  const nodes: string[] = [];
  for (let i = 0; i < depth; i++) {
    const body =
      i === depth - 1
        ? leafGeometry
          ? '<instance_geometry url="#g"/>'
          : ""
        : `<instance_node url="#n${i + 1}"/><node><translate>${2 ** i} 0 0</translate><instance_node url="#n${i + 1}"/></node>`;
    nodes.push(`<node id="n${i}">${body}</node>`);
  }
  return new TextEncoder().encode(`<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<library_geometries><geometry id="g"><mesh>
<source id="p"><float_array id="pa" count="12">0 0 0 1 0 0 0 1 0 0 0 1</float_array>
<technique_common><accessor source="#pa" count="4" stride="3"/></technique_common></source>
<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<triangles count="4"><input semantic="VERTEX" source="#v" offset="0"/><p>0 2 1 0 1 3 0 3 2 1 2 3</p></triangles>
</mesh></geometry></library_geometries>
<library_nodes>${nodes.join("")}</library_nodes>
<library_visual_scenes><visual_scene id="s"><node><instance_node url="#n0"/></node></visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#s"/></scene>
</COLLADA>`);
}

describe("COLLADA scenes have a work budget", () => {
  it("a 4 KB file of nodes instantiating the next twice, 40 deep, stops at the budget", () => {
    for (const leaf of [true, false]) {
      const result = readCollada(doublingScene(40, leaf), "bomb.dae");
      expect(result.mesh).toBeUndefined();
      expect(result.diagnostics.map((d) => d.code)).toEqual(["MESH_TOO_LARGE"]);
      expect(result.diagnostics[0]?.message).toContain(`more than ${MESH_LIMITS.maxInstances} times`);
      expect(result.diagnostics[0]?.line).toBeGreaterThan(0);
    }
  });

  it("reads every instance within the budget and refuses exactly past it (property)", () => {
    // The tetrahedron's corner (0, 0, 0) placed at x = 0 … 2^(depth−1) − 1 once each.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 3000 }), (depth, maxInstances) => {
        const result = readCollada(doublingScene(depth), "scene.dae", { ...MESH_LIMITS, maxInstances });
        const instances = 2 ** depth + 3 * 2 ** (depth - 1) - 1;
        if (instances > maxInstances) {
          expect(result.diagnostics.map((d) => d.code)).toEqual(["MESH_TOO_LARGE"]);
          return;
        }
        expect(result.diagnostics).toEqual([]);
        const mesh = result.mesh!;
        expect(mesh.indices.length).toBe(3 * 4 * 2 ** (depth - 1));
        expect(mesh.positions.length).toBe(3 * 4 * 2 ** (depth - 1));
        const origins = new Set<number>();
        for (let v = 0; v < mesh.positions.length / 3; v++)
          if (mesh.positions[3 * v + 1] === 0 && mesh.positions[3 * v + 2] === 0) origins.add(mesh.positions[3 * v]!);
        for (let x = 0; x < 2 ** (depth - 1); x++) expect(origins.has(x)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
