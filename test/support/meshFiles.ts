/**
 * Known solids and writers of STL (binary and ASCII), OBJ and COLLADA text for them, for the
 * mesh reader and mass-property tests. Faces are counter-clockwise seen from outside.
 */
export interface Solid {
  readonly positions: readonly (readonly [number, number, number])[];
  /** Vertex indices per face, 3 or more, outward counter-clockwise. */
  readonly faces: readonly (readonly number[])[];
}

/** Axis-aligned box from `min` to `max` (six quads). */
export function boxSolid(min: readonly [number, number, number], max: readonly [number, number, number]): Solid {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  return {
    positions: [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y1, z0],
      [x0, y1, z0],
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ],
    faces: [
      [0, 3, 2, 1], // bottom (−z)
      [4, 5, 6, 7], // top (+z)
      [0, 1, 5, 4], // −y
      [2, 3, 7, 6], // +y
      [1, 2, 6, 5], // +x
      [3, 0, 4, 7], // −x
    ],
  };
}

/** Tetrahedron with corners at the origin and on the axes at a, b, c. */
export function cornerTetrahedron(a: number, b: number, c: number): Solid {
  return {
    positions: [
      [0, 0, 0],
      [a, 0, 0],
      [0, b, 0],
      [0, 0, c],
    ],
    faces: [
      [0, 2, 1],
      [0, 1, 3],
      [0, 3, 2],
      [1, 2, 3],
    ],
  };
}

/** Right triangular prism: the triangle (0,0), (a,0), (0,b) in xy, extruded from z = 0 to h. */
export function rightPrism(a: number, b: number, h: number): Solid {
  return {
    positions: [
      [0, 0, 0],
      [a, 0, 0],
      [0, b, 0],
      [0, 0, h],
      [a, 0, h],
      [0, b, h],
    ],
    faces: [
      [0, 2, 1],
      [3, 4, 5],
      [0, 1, 4, 3],
      [1, 2, 5, 4],
      [2, 0, 3, 5],
    ],
  };
}

/** The solid's faces as triangles (fans), each three points. */
export function trianglesOf(solid: Solid): [number, number, number][][] {
  const out: [number, number, number][][] = [];
  for (const f of solid.faces) {
    for (let k = 1; k + 1 < f.length; k++)
      out.push([f[0]!, f[k]!, f[k + 1]!].map((i) => [...solid.positions[i]!] as [number, number, number]));
  }
  return out;
}

/** Binary STL bytes (header of `header`, padded to 80 bytes). */
export function toStlBinary(solid: Solid, header = "robokit test"): Uint8Array {
  const triangles = trianglesOf(solid);
  const bytes = new Uint8Array(84 + 50 * triangles.length);
  bytes.set(new TextEncoder().encode(header.slice(0, 80)));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles.length, true);
  triangles.forEach((t, i) => {
    t.flat().forEach((v, k) => view.setFloat32(84 + 50 * i + 12 + 4 * k, v, true));
  });
  return bytes;
}

/** ASCII STL text. */
export function toStlAscii(solid: Solid, name = "part"): string {
  const facets = trianglesOf(solid).map(
    (t) =>
      `  facet normal 0 0 0\n    outer loop\n${t.map((p) => `      vertex ${p.join(" ")}\n`).join("")}    endloop\n  endfacet\n`,
  );
  return `solid ${name}\n${facets.join("")}endsolid ${name}\n`;
}

/** OBJ text with polygon faces; `negative` writes indices relative to the end. */
export function toObj(solid: Solid, negative = false): string {
  const n = solid.positions.length;
  const v = solid.positions.map((p) => `v ${p.join(" ")}\n`).join("");
  const f = solid.faces
    .map((face) => `f ${face.map((i) => (negative ? `${i - n}` : `${i + 1}/${i + 1}/1`)).join(" ")}\n`)
    .join("");
  return `# robokit test\no part\n${v}vn 0 0 1\n${solid.positions.map(() => "vt 0 0\n").join("")}${f}`;
}

/** How {@link toDae} writes the file. */
export interface DaeOptions {
  /** `<unit meter>`; positions are divided by it so that the solid is the same in metres. */
  readonly meter?: number;
  readonly upAxis?: "X_UP" | "Y_UP" | "Z_UP";
  /** Transform elements of the node (e.g. `<translate>1 2 3</translate>`), written as given. */
  readonly nodeTransform?: string;
  /** Primitive element: polylist (default), triangles or polygons. */
  readonly primitive?: "polylist" | "triangles" | "polygons";
}

/**
 * COLLADA text holding the solid's positions divided by `meter`, with a NORMAL input at offset 1
 * sharing `<p>` (one normal index per corner), placed by one node.
 */
export function toDae(solid: Solid, options: DaeOptions = {}): string {
  const meter = options.meter ?? 1;
  const positions = solid.positions.flat().map((v) => v / meter);
  const primitive = options.primitive ?? "polylist";
  const faces =
    primitive === "triangles"
      ? trianglesOf(solid).map((t) => t.map((p) => solid.positions.findIndex((q) => q.every((c, k) => c === p[k]))))
      : solid.faces;
  const corner = (i: number): string => `${i} 0`;
  const inputs =
    '<input semantic="VERTEX" source="#m-vertices" offset="0"/><input semantic="NORMAL" source="#m-normals" offset="1"/>';
  const body =
    primitive === "polygons"
      ? `<polygons count="${faces.length}">${inputs}${faces.map((f) => `<p>${f.map(corner).join(" ")}</p>`).join("")}</polygons>`
      : primitive === "triangles"
        ? `<triangles count="${faces.length}">${inputs}<p>${faces.map((f) => f.map(corner).join(" ")).join(" ")}</p></triangles>`
        : `<polylist count="${faces.length}">${inputs}<vcount>${faces.map((f) => f.length).join(" ")}</vcount><p>${faces.map((f) => f.map(corner).join(" ")).join(" ")}</p></polylist>`;
  return `<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="u" meter="${meter}"/><up_axis>${options.upAxis ?? "Z_UP"}</up_axis></asset>
  <library_geometries>
    <geometry id="m" name="m"><mesh>
      <source id="m-positions"><float_array id="m-positions-array" count="${positions.length}">${positions.join(" ")}</float_array>
        <technique_common><accessor source="#m-positions-array" count="${positions.length / 3}" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
      <source id="m-normals"><float_array id="m-normals-array" count="3">0 0 1</float_array>
        <technique_common><accessor source="#m-normals-array" count="1" stride="3"/></technique_common></source>
      <vertices id="m-vertices"><input semantic="POSITION" source="#m-positions"/></vertices>
      ${body}
    </mesh></geometry>
  </library_geometries>
  <library_visual_scenes>
    <visual_scene id="scene"><node id="n" name="n">${options.nodeTransform ?? ""}<instance_geometry url="#m"/></node></visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
`;
}
