import type { Diagnostic } from "../../diagnostics/Diagnostic.js";

/**
 * A triangle soup or indexed mesh as read from a file, in metres (a COLLADA file's
 * `<unit meter>` is already applied; STL and OBJ carry no unit and are taken as metres, as
 * URDF, SDF and MuJoCo take them). Frame: the file's own axes (COLLADA: as written, as Gazebo
 * loads it, unless the reader was asked to apply `<up_axis>`, which turns that axis to +z).
 */
export interface TriangleMesh {
  /** Vertex coordinates, x y z per vertex (m). */
  readonly positions: Float64Array;
  /** Vertex indices, three per triangle; counter-clockwise seen from outside is outward. */
  readonly indices: Uint32Array;
}

/** What a mesh reader returns: the mesh when one could be read, and every problem found. */
export interface MeshReadResult {
  /** Absent when an error diagnostic made the file unusable. */
  readonly mesh?: TriangleMesh;
  readonly diagnostics: Diagnostic[];
  /** COLLADA only: the `<up_axis>` the file declares (Y_UP when absent), applied or not. */
  readonly upAxis?: "X_UP" | "Y_UP" | "Z_UP";
}

/** Bounds a mesh reader keeps to; past any of them it stops with MESH_TOO_LARGE. */
export interface MeshLimits {
  /** Most bytes of a mesh file. */
  readonly maxBytes: number;
  /** Most triangles (after polygons are split into triangles). */
  readonly maxTriangles: number;
  /** Most vertices of an OBJ or COLLADA file (an STL's corners belong to its triangles, bounded by `maxTriangles`). */
  readonly maxVertices: number;
  /**
   * COLLADA: most node, geometry and primitive instantiations while the scene is walked (a node that
   * instantiates another twice, nested n deep, is 2^n of them in a few hundred bytes).
   */
  readonly maxInstances: number;
}

/**
 * Default mesh limits: 128 MiB (a binary STL of 2.68 million triangles), 4 million triangles
 * and 4 million OBJ or COLLADA vertices, about 100 MB of numbers once read, and 1 million COLLADA node, geometry
 * and primitive instantiations.
 */
export const MESH_LIMITS: MeshLimits = {
  maxBytes: 128 * 1024 * 1024,
  maxTriangles: 4_000_000,
  maxVertices: 4_000_000,
  maxInstances: 1_000_000,
};

/** Grows typed arrays of vertices and triangles while a reader walks a file. */
export class MeshBuilder {
  #positions = new Float64Array(3 * 64);
  #indices = new Uint32Array(3 * 64);
  #vertexCount = 0;
  #triangleCount = 0;

  /** Vertices added so far. */
  get vertexCount(): number {
    return this.#vertexCount;
  }

  /** Triangles added so far. */
  get triangleCount(): number {
    return this.#triangleCount;
  }

  /** Adds a vertex (m) and returns its index. */
  addVertex(x: number, y: number, z: number): number {
    if (3 * this.#vertexCount + 3 > this.#positions.length) {
      const bigger = new Float64Array(this.#positions.length * 2);
      bigger.set(this.#positions);
      this.#positions = bigger;
    }
    const at = 3 * this.#vertexCount;
    this.#positions[at] = x;
    this.#positions[at + 1] = y;
    this.#positions[at + 2] = z;
    return this.#vertexCount++;
  }

  /** Adds a triangle of three vertex indices already added. */
  addTriangle(a: number, b: number, c: number): void {
    if (3 * this.#triangleCount + 3 > this.#indices.length) {
      const bigger = new Uint32Array(this.#indices.length * 2);
      bigger.set(this.#indices);
      this.#indices = bigger;
    }
    const at = 3 * this.#triangleCount;
    this.#indices[at] = a;
    this.#indices[at + 1] = b;
    this.#indices[at + 2] = c;
    this.#triangleCount++;
  }

  /** The mesh, trimmed to what was added. */
  build(): TriangleMesh {
    return {
      positions: this.#positions.slice(0, 3 * this.#vertexCount),
      indices: this.#indices.slice(0, 3 * this.#triangleCount),
    };
  }
}
