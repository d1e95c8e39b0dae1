import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { meshDiagnostic } from "./meshDiagnostic.js";
import { MESH_LIMITS, MeshBuilder, type MeshLimits, type MeshReadResult } from "./TriangleMesh.js";

/** Bytes of a binary STL before its triangles: an 80-byte header and a uint32 triangle count. */
const BINARY_HEADER = 84;
/** Bytes of one binary STL triangle: normal, three vertices (float32 each) and a uint16 attribute. */
const BINARY_TRIANGLE = 50;

/**
 * Reads an STL file, binary or ASCII. A file is binary when its size is exactly 84 + 50·N for
 * the triangle count N in its header, whatever its first bytes say (binary headers often start
 * with "solid"); otherwise a file starting with `solid` and holding no NUL byte in its first
 * KiB is read as ASCII, and anything else is a binary file whose count disagrees with its size:
 * MESH_INVALID. Facet normals are ignored
 * (the winding is what counts). Never throws.
 */
export function readStl(bytes: Uint8Array, file: string, limits: MeshLimits = MESH_LIMITS): MeshReadResult {
  if (bytes.length > limits.maxBytes) {
    return {
      diagnostics: [
        meshDiagnostic(
          "meshTooLarge",
          `the STL file has ${bytes.length} bytes; robokit reads at most ${limits.maxBytes}`,
          file,
        ),
      ],
    };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const declared = bytes.length >= BINARY_HEADER ? view.getUint32(80, true) : -1;
  if (declared >= 0 && BINARY_HEADER + BINARY_TRIANGLE * declared === bytes.length)
    return readBinary(view, declared, file, limits);
  // Text never holds a NUL byte; a binary header's count does (below 16 million triangles), so a
  // cut binary file whose header starts with "solid" is still reported as binary.
  if (startsWithSolid(bytes) && !bytes.subarray(0, 1024).includes(0))
    return readAscii(new TextDecoder("latin1").decode(bytes), file, limits);
  if (declared < 0)
    return {
      diagnostics: [
        meshDiagnostic(
          "meshMalformed",
          `the file has ${bytes.length} bytes: too short for a binary STL (84 bytes of header) and it does not start with "solid"`,
          file,
        ),
      ],
    };
  return {
    diagnostics: [
      meshDiagnostic(
        "meshMalformed",
        `binary STL: the header declares ${declared} triangles, which take ${BINARY_HEADER + BINARY_TRIANGLE * declared} bytes, but the file has ${bytes.length} bytes (truncated, padded, or not an STL file)`,
        file,
      ),
    ],
  };
}

function startsWithSolid(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return new TextDecoder("latin1").decode(bytes.subarray(i, i + 5)).toLowerCase() === "solid";
}

function readBinary(view: DataView, count: number, file: string, limits: MeshLimits): MeshReadResult {
  // An STL triangle carries its own three corners: the triangle limit bounds them.
  if (count > limits.maxTriangles) {
    return {
      diagnostics: [
        meshDiagnostic(
          "meshTooLarge",
          `binary STL of ${count} triangles; robokit reads at most ${limits.maxTriangles} triangles`,
          file,
        ),
      ],
    };
  }
  if (count === 0) return { diagnostics: [meshDiagnostic("meshEmpty", "binary STL with no triangles", file)] };
  const positions = new Float64Array(9 * count);
  for (let t = 0; t < count; t++) {
    const at = BINARY_HEADER + BINARY_TRIANGLE * t + 12;
    for (let k = 0; k < 9; k++) {
      const value = view.getFloat32(at + 4 * k, true);
      if (!Number.isFinite(value))
        return {
          diagnostics: [
            meshDiagnostic("meshMalformed", `binary STL: triangle ${t} has a coordinate that is NaN or infinite`, file),
          ],
        };
      positions[9 * t + k] = value;
    }
  }
  // Each triangle has its own three vertices, in order.
  const indices = new Uint32Array(3 * count);
  for (let i = 0; i < indices.length; i++) indices[i] = i;
  return { mesh: { positions, indices }, diagnostics: [] };
}

/** Whitespace-separated words of a text with the line each starts on. */
class Words {
  #at = 0;
  #line = 1;
  readonly #text: string;
  /** Line of the word last returned. */
  line = 1;

  constructor(text: string) {
    this.#text = text;
  }

  /** The next word, or undefined at the end. */
  next(): string | undefined {
    const text = this.#text;
    let i = this.#at;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.#line++;
      else if (c !== 32 && c !== 9 && c !== 13 && c !== 12 && c !== 11) break;
    }
    if (i >= text.length) {
      this.#at = i;
      return undefined;
    }
    const start = i;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 32 || c === 9 || c === 13 || c === 12 || c === 11) break;
      i++;
    }
    this.#at = i;
    this.line = this.#line;
    return text.slice(start, i);
  }

  /** Skips to the end of the current line (a solid's name may hold spaces). */
  skipLine(): void {
    const end = this.#text.indexOf("\n", this.#at);
    this.#at = end < 0 ? this.#text.length : end;
  }
}

function readAscii(text: string, file: string, limits: MeshLimits): MeshReadResult {
  const words = new Words(text);
  const builder = new MeshBuilder();
  const diagnostics: Diagnostic[] = [];
  const fail = (message: string): MeshReadResult => ({
    diagnostics: [...diagnostics, meshDiagnostic("meshMalformed", `ASCII STL: ${message}`, file, words.line)],
  });
  const number = (): number | undefined => {
    const w = words.next();
    const n = w === undefined ? Number.NaN : Number(w);
    return Number.isFinite(n) ? n : undefined;
  };
  let loop: number[] = [];
  let state: "outside" | "solid" | "facet" | "loop" | "endloop" = "outside";
  for (let word = words.next(); word !== undefined; word = words.next()) {
    const key = word.toLowerCase();
    if (state === "outside") {
      if (key !== "solid") return fail(`expected "solid", found "${word}"`);
      words.skipLine();
      state = "solid";
    } else if (state === "solid") {
      if (key === "endsolid") {
        words.skipLine();
        state = "outside";
      } else if (key === "facet") {
        if (words.next()?.toLowerCase() !== "normal") return fail('expected "normal" after "facet"');
        for (let k = 0; k < 3; k++) if (number() === undefined) return fail("a facet normal needs three numbers");
        state = "facet";
      } else return fail(`expected "facet" or "endsolid", found "${word}"`);
    } else if (state === "facet") {
      if (key !== "outer" || words.next()?.toLowerCase() !== "loop") return fail('expected "outer loop"');
      loop = [];
      state = "loop";
    } else if (state === "loop") {
      if (key === "vertex") {
        const x = number();
        const y = number();
        const z = number();
        if (x === undefined || y === undefined || z === undefined) return fail("a vertex needs three finite numbers");
        // A facet's corners are its own; more than a fan of maxTriangles needs is refused.
        if (loop.length > limits.maxTriangles + 2)
          return {
            diagnostics: [
              meshDiagnostic(
                "meshTooLarge",
                `a facet of more than ${limits.maxTriangles + 2} vertices`,
                file,
                words.line,
              ),
            ],
          };
        loop.push(builder.addVertex(x, y, z));
      } else if (key === "endloop") {
        if (loop.length < 3) return fail(`a facet has ${loop.length} vertices; it needs at least 3`);
        // A facet of more than three vertices (some writers make them) is split as a fan.
        for (let k = 1; k + 1 < loop.length; k++)
          builder.addTriangle(loop[0] as number, loop[k] as number, loop[k + 1] as number);
        if (builder.triangleCount > limits.maxTriangles)
          return {
            diagnostics: [
              meshDiagnostic("meshTooLarge", `more than ${limits.maxTriangles} triangles`, file, words.line),
            ],
          };
        state = "endloop";
      } else return fail(`expected "vertex" or "endloop", found "${word}"`);
    } else {
      if (key !== "endfacet") return fail(`expected "endfacet", found "${word}"`);
      state = "solid";
    }
  }
  // A missing final "endsolid" is tolerated (assimp reads such files); a cut facet is not.
  if (state !== "outside" && state !== "solid") return fail("the file ends inside a facet");
  if (builder.triangleCount === 0)
    return { diagnostics: [meshDiagnostic("meshEmpty", "ASCII STL with no facets", file)] };
  return { mesh: builder.build(), diagnostics };
}
