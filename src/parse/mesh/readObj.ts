import { meshDiagnostic } from "./meshDiagnostic.js";
import { MESH_LIMITS, MeshBuilder, type MeshLimits, type MeshReadResult } from "./TriangleMesh.js";

/**
 * Reads a Wavefront OBJ file: `v x y z [w]` vertices and `f` faces (`i`, `i/t`, `i//n`,
 * `i/t/n`, negative indices counting back from the last vertex); a face of more than three
 * vertices is split as a fan. Texture coordinates, normals, groups, materials, lines and
 * points carry no volume and are skipped. Never throws.
 */
export function readObj(bytes: Uint8Array, file: string, limits: MeshLimits = MESH_LIMITS): MeshReadResult {
  if (bytes.length > limits.maxBytes) {
    return {
      diagnostics: [
        meshDiagnostic(
          "meshTooLarge",
          `the OBJ file has ${bytes.length} bytes; robokit reads at most ${limits.maxBytes}`,
          file,
        ),
      ],
    };
  }
  // A UTF-8 byte-order mark is not part of the first statement.
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const text = new TextDecoder("latin1").decode(bytes.subarray(bom));
  const builder = new MeshBuilder();
  let line = 0;
  const fail = (message: string): MeshReadResult => ({
    diagnostics: [meshDiagnostic("meshMalformed", `OBJ: ${message}`, file, line)],
  });
  let start = 0;
  let pending = "";
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    line++;
    let raw = text.slice(start, end);
    start = end + 1;
    if (raw.endsWith("\r")) raw = raw.slice(0, -1);
    // A backslash at the end of a line continues the statement on the next line.
    if (raw.endsWith("\\")) {
      pending += `${raw.slice(0, -1)} `;
      continue;
    }
    const statement = (pending + raw).replace(/#.*$/, "").trim();
    pending = "";
    if (statement === "") continue;
    const words = statement.split(/\s+/);
    const key = words[0];
    if (key === "v") {
      const xyz = words.slice(1, 4).map(Number);
      if (xyz.length !== 3 || !xyz.every(Number.isFinite)) return fail("a vertex needs three finite coordinates");
      if (builder.vertexCount >= limits.maxVertices)
        return {
          diagnostics: [meshDiagnostic("meshTooLarge", `more than ${limits.maxVertices} vertices`, file, line)],
        };
      builder.addVertex(xyz[0] as number, xyz[1] as number, xyz[2] as number);
    } else if (key === "f") {
      const corners: number[] = [];
      for (const word of words.slice(1)) {
        const head = word.split("/")[0] ?? "";
        const n = /^[+-]?\d+$/.test(head) ? Number(head) : Number.NaN;
        // Indices are 1-based; a negative one counts back from the vertices read so far.
        const index = n > 0 ? n - 1 : n < 0 ? builder.vertexCount + n : -1;
        if (!Number.isInteger(index) || index < 0 || index >= builder.vertexCount) {
          return fail(
            `face vertex "${word}" does not name one of the ${builder.vertexCount} vertices defined before it`,
          );
        }
        corners.push(index);
      }
      if (corners.length < 3) return fail(`a face has ${corners.length} vertices; it needs at least 3`);
      for (let k = 1; k + 1 < corners.length; k++)
        builder.addTriangle(corners[0] as number, corners[k] as number, corners[k + 1] as number);
      if (builder.triangleCount > limits.maxTriangles)
        return {
          diagnostics: [meshDiagnostic("meshTooLarge", `more than ${limits.maxTriangles} triangles`, file, line)],
        };
    }
  }
  if (builder.triangleCount === 0)
    return { diagnostics: [meshDiagnostic("meshEmpty", "OBJ file with no faces", file)] };
  return { mesh: builder.build(), diagnostics: [] };
}
