import { decodeXmlBytes } from "../decodeXmlBytes.js";
import { readXml } from "../readXml.js";
import { attr, child, childrenNamed, type XmlElement } from "../XmlDocument.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { meshDiagnostic } from "./meshDiagnostic.js";
import { MESH_LIMITS, MeshBuilder, type MeshLimits, type MeshReadResult } from "./TriangleMesh.js";
import { DEFAULT_COLLADA_UP_AXIS, type ColladaUpAxis, type ColladaUpAxisName } from "./ColladaUpAxis.js";

/** Deepest chain of nodes and instance_node references followed. */
const MAX_NODE_DEPTH = 128;

/** A 4×4 affine transform, row-major (16 numbers), acting on column vectors. */
type Matrix4 = Float64Array;

/** Thrown inside the reader only, caught in {@link readCollada}: one malformed place ends the read. */
class ColladaProblem extends Error {
  constructor(
    readonly finding: "meshMalformed" | "meshTooLarge" | "numberNotFinite",
    message: string,
    readonly line: number | undefined,
  ) {
    super(message);
  }
}

/**
 * Reads the triangles of a COLLADA (.dae) file as the scene places them: the scene's
 * `<instance_visual_scene>` (else the first visual scene; with none, every geometry once,
 * untransformed), each `<node>`'s `<matrix>`, `<translate>`, `<rotate>` and `<scale>` composed
 * in document order, `<instance_node>` and nested nodes, and `<instance_geometry>` of
 * `<triangles>`, `<polylist>` and `<polygons>` (inputs sharing `<p>` by `offset`). The file's
 * `<asset><unit meter>` scales to metres. Its `<up_axis>` (default Y_UP) is, by default
 * (`upAxis: "ignore"`), left alone as Gazebo (gz-common and Classic) and RViz leave it: the
 * coordinates are taken in the robot's frame as written. With `upAxis: "apply"` it is turned to
 * +z as the COLLADA spec says. The result's `upAxis` names what the file declares either way.
 * A node whose transform mirrors keeps its triangles facing outward. Lines, strips, polygon
 * holes, `<skew>`, `<lookat>` and controllers are reported as MESH_FEATURE_IGNORED. Never throws.
 */
export function readCollada(
  bytes: Uint8Array,
  file: string,
  limits: MeshLimits = MESH_LIMITS,
  options: ColladaReadOptions = {},
): MeshReadResult {
  if (bytes.length > limits.maxBytes) {
    return {
      diagnostics: [
        meshDiagnostic(
          "meshTooLarge",
          `the COLLADA file has ${bytes.length} bytes; robokit reads at most ${limits.maxBytes}`,
          file,
        ),
      ],
    };
  }
  const decoded = decodeXmlBytes(bytes, file);
  if (decoded.text === undefined) return { diagnostics: decoded.diagnostics };
  const xml = readXml(decoded.text, file);
  const root = xml.document.root;
  if (root === undefined || xml.diagnostics.some((d) => d.severity === "error"))
    return { diagnostics: xml.diagnostics };
  if (root.name !== "COLLADA")
    return {
      diagnostics: [
        meshDiagnostic("meshMalformed", `the root element is <${root.name}>, not <COLLADA>`, file, root.line),
      ],
    };
  const reader = new ColladaReader(file, limits, options.upAxis ?? DEFAULT_COLLADA_UP_AXIS);
  try {
    reader.read(root);
  } catch (error) {
    if (!(error instanceof ColladaProblem)) throw error;
    return {
      diagnostics: [
        ...reader.diagnostics,
        meshDiagnostic(error.finding, `COLLADA: ${error.message}`, file, error.line),
      ],
    };
  }
  if (reader.builder.triangleCount === 0)
    return {
      diagnostics: [
        ...reader.diagnostics,
        meshDiagnostic("meshEmpty", "COLLADA file whose scene places no triangles", file),
      ],
    };
  return {
    mesh: reader.builder.build(),
    diagnostics: reader.diagnostics,
    ...(reader.upAxis === undefined ? {} : { upAxis: reader.upAxis }),
  };
}

/** Options of {@link readCollada}. */
export interface ColladaReadOptions {
  /** What to do with `<asset><up_axis>`; default `"ignore"` (as Gazebo and RViz). */
  readonly upAxis?: ColladaUpAxis;
}

class ColladaReader {
  readonly builder = new MeshBuilder();
  readonly diagnostics: Diagnostic[] = [];
  readonly #ids = new Map<string, XmlElement>();
  readonly #file: string;
  readonly #limits: MeshLimits;
  readonly #ignored = new Set<string>();
  readonly #upAxis: ColladaUpAxis;
  /** The up axis the file declares (the COLLADA default Y_UP when absent); set by {@link read}. */
  upAxis: ColladaUpAxisName | undefined;
  /** Node, geometry and primitive instantiations so far, against {@link MeshLimits.maxInstances}. */
  #instances = 0;
  /** What is read once per element however often the scene instantiates it. */
  readonly #numbers = new Map<XmlElement, number[]>();
  readonly #locals = new Map<XmlElement, Matrix4>();
  readonly #positionReaders = new Map<XmlElement, (url: string, at: XmlElement) => Float64Array>();
  /** Per position array: the builder index of each vertex in the current primitive instance, valid where its stamp is current. */
  readonly #added = new Map<Float64Array, { readonly index: Int32Array; readonly stamp: Int32Array }>();
  #stamp = 0;

  constructor(file: string, limits: MeshLimits, upAxis: ColladaUpAxis) {
    this.#file = file;
    this.#limits = limits;
    this.#upAxis = upAxis;
  }

  read(root: XmlElement): void {
    this.#index(root);
    const asset = child(root, "asset");
    const unit = asset === undefined ? undefined : child(asset, "unit");
    const meterText = unit === undefined ? undefined : attr(unit, "meter");
    const meter = meterText === undefined ? 1 : Number(meterText);
    if (!Number.isFinite(meter) || meter <= 0)
      throw new ColladaProblem(
        "meshMalformed",
        `<unit meter="${meterText ?? ""}"> is not a positive number`,
        unit?.line,
      );
    const upText = (asset === undefined ? undefined : child(asset, "up_axis"))?.text.trim() ?? "Y_UP";
    const up = upAxisToZ(upText);
    if (up === undefined) {
      // Gazebo never reads the element, so when it is ignored a bad value harms nothing.
      if (this.#upAxis === "apply")
        throw new ColladaProblem(
          "meshMalformed",
          `<up_axis> is "${upText}"; COLLADA allows X_UP, Y_UP and Z_UP`,
          asset === undefined ? undefined : child(asset, "up_axis")?.line,
        );
    } else this.upAxis = upText as ColladaUpAxisName;
    const meters = scaling(meter, meter, meter);
    const top = this.#upAxis === "apply" && up !== undefined ? multiply(up, meters) : meters;
    if (childrenNamed(root, "library_controllers").some((l) => l.children.length > 0))
      this.#ignore("controllers (skinned meshes)", root.line);
    const scene = this.#scene(root);
    if (scene === undefined) {
      // No visual scene: every geometry once, as it is written.
      for (const library of childrenNamed(root, "library_geometries"))
        for (const g of childrenNamed(library, "geometry")) this.#geometry(g, top);
      return;
    }
    for (const node of childrenNamed(scene, "node")) this.#node(node, top, [node]);
  }

  #index(element: XmlElement): void {
    const stack = [element];
    for (let e = stack.pop(); e !== undefined; e = stack.pop()) {
      const id = attr(e, "id");
      if (id !== undefined && !this.#ids.has(id)) this.#ids.set(id, e);
      for (const c of e.children) stack.push(c);
    }
  }

  #ref(element: XmlElement, name: string, what: string): XmlElement {
    const url = attr(element, name) ?? "";
    const target = url.startsWith("#") ? this.#ids.get(url.slice(1)) : undefined;
    if (target === undefined || target.name !== what) {
      throw new ColladaProblem(
        "meshMalformed",
        `<${element.name} ${name}="${url}"> does not refer to a <${what}> in this file`,
        element.line,
      );
    }
    return target;
  }

  #scene(root: XmlElement): XmlElement | undefined {
    const instance = (() => {
      const scene = child(root, "scene");
      return scene === undefined ? undefined : child(scene, "instance_visual_scene");
    })();
    if (instance !== undefined) return this.#ref(instance, "url", "visual_scene");
    for (const library of childrenNamed(root, "library_visual_scenes")) {
      const first = child(library, "visual_scene");
      if (first !== undefined) return first;
    }
    return undefined;
  }

  #ignore(what: string, line: number): void {
    if (this.#ignored.has(what)) return;
    this.#ignored.add(what);
    this.diagnostics.push(meshDiagnostic("meshFeatureIgnored", `COLLADA ${what}: not read`, this.#file, line));
  }

  /** Counts one instantiation; past the budget the read ends with MESH_TOO_LARGE at `at`. */
  #instantiate(at: XmlElement): void {
    if (++this.#instances > this.#limits.maxInstances)
      throw new ColladaProblem(
        "meshTooLarge",
        `the scene instantiates nodes, geometries and primitives more than ${this.#limits.maxInstances} times (nodes instantiating each other repeatedly)`,
        at.line,
      );
  }

  /** The numbers of an element's text, parsed once. */
  #numbersOf(element: XmlElement): number[] {
    let known = this.#numbers.get(element);
    if (known === undefined) {
      known = numbersOf(element);
      this.#numbers.set(element, known);
    }
    return known;
  }

  /** A node's own transform, its `<matrix>`, `<translate>`, `<rotate>` and `<scale>` in document order, read once. */
  #local(node: XmlElement): Matrix4 {
    const known = this.#locals.get(node);
    if (known !== undefined) return known;
    let m = scaling(1, 1, 1);
    for (const c of node.children) {
      if (c.name === "matrix") m = multiply(m, Float64Array.from(numbersOf(c, 16)));
      else if (c.name === "translate") {
        const [x, y, z] = numbersOf(c, 3);
        m = multiply(m, translation(x as number, y as number, z as number));
      } else if (c.name === "rotate") {
        const [x, y, z, degrees] = numbersOf(c, 4);
        m = multiply(m, rotation(x as number, y as number, z as number, ((degrees as number) * Math.PI) / 180, c.line));
      } else if (c.name === "scale") {
        const [x, y, z] = numbersOf(c, 3);
        m = multiply(m, scaling(x as number, y as number, z as number));
      } else if (c.name === "skew" || c.name === "lookat") this.#ignore(`<${c.name}> transform`, c.line);
    }
    this.#locals.set(node, m);
    return m;
  }

  #node(node: XmlElement, parent: Matrix4, path: readonly XmlElement[]): void {
    if (path.length > MAX_NODE_DEPTH)
      throw new ColladaProblem("meshMalformed", `nodes nest deeper than ${MAX_NODE_DEPTH} levels`, node.line);
    this.#instantiate(node);
    const m = multiply(parent, this.#local(node));
    if (!m.every(Number.isFinite))
      throw new ColladaProblem(
        "numberNotFinite",
        "the transforms down to this <node> overflow a double (NaN or infinite): a <scale>, <matrix> or <translate> too large",
        node.line,
      );
    for (const c of node.children) {
      if (c.name === "instance_geometry") this.#geometry(this.#ref(c, "url", "geometry"), m);
      else if (c.name === "instance_controller") this.#ignore("controllers (skinned meshes)", c.line);
      else if (c.name === "node") this.#node(c, m, [...path, c]);
      else if (c.name === "instance_node") {
        const target = this.#ref(c, "url", "node");
        if (path.includes(target))
          throw new ColladaProblem(
            "meshMalformed",
            `<instance_node url="${attr(c, "url") ?? ""}"> instantiates a node that contains it (a cycle)`,
            c.line,
          );
        this.#node(target, m, [...path, target]);
      }
    }
  }

  #geometry(geometry: XmlElement, m: Matrix4): void {
    this.#instantiate(geometry);
    const mesh = child(geometry, "mesh");
    if (mesh === undefined) {
      this.#ignore("geometry other than <mesh> (convex_mesh, spline, brep)", geometry.line);
      return;
    }
    const positionsOf = this.#positionReader(mesh);
    const mirrored = determinant3(m) < 0;
    for (const primitive of mesh.children) {
      switch (primitive.name) {
        case "triangles":
        case "polylist":
        case "polygons":
          this.#primitive(primitive, positionsOf, m, mirrored);
          break;
        case "lines":
        case "linestrips":
        case "tristrips":
        case "trifans":
          this.#ignore(`<${primitive.name}>`, primitive.line);
          break;
        default:
          break;
      }
    }
  }

  /** The positions of a `<mesh>`'s sources by URL, each source read once for the whole file. */
  #positionReader(mesh: XmlElement): (url: string, at: XmlElement) => Float64Array {
    const reader = this.#positionReaders.get(mesh);
    if (reader !== undefined) return reader;
    const sources = new Map<string, XmlElement>();
    for (const s of childrenNamed(mesh, "source")) {
      const id = attr(s, "id");
      if (id !== undefined) sources.set(id, s);
    }
    const vertices = child(mesh, "vertices");
    const cache = new Map<string, Float64Array>();
    const positionsOf = (sourceUrl: string, at: XmlElement): Float64Array => {
      let id = sourceUrl.startsWith("#") ? sourceUrl.slice(1) : sourceUrl;
      // A VERTEX input names <vertices>, whose POSITION input names the <source>.
      if (vertices !== undefined && attr(vertices, "id") === id) {
        const position = childrenNamed(vertices, "input").find((i) => attr(i, "semantic") === "POSITION");
        if (position === undefined)
          throw new ColladaProblem("meshMalformed", "<vertices> has no POSITION input", vertices.line);
        id = (attr(position, "source") ?? "").replace(/^#/, "");
      }
      const known = cache.get(id);
      if (known !== undefined) return known;
      const source = sources.get(id);
      if (source === undefined)
        throw new ColladaProblem(
          "meshMalformed",
          `the positions "${sourceUrl}" are not a <source> of this mesh`,
          at.line,
        );
      const read = readPositions(source);
      cache.set(id, read);
      return read;
    };
    this.#positionReaders.set(mesh, positionsOf);
    return positionsOf;
  }

  #primitive(
    primitive: XmlElement,
    positionsOf: (url: string, at: XmlElement) => Float64Array,
    m: Matrix4,
    mirrored: boolean,
  ): void {
    this.#instantiate(primitive);
    const inputs = childrenNamed(primitive, "input");
    let stride = 0;
    for (const input of inputs) stride = Math.max(stride, integerAttr(input, "offset") + 1);
    const vertex = inputs.find((i) => attr(i, "semantic") === "VERTEX");
    if (vertex === undefined || stride === 0)
      throw new ColladaProblem("meshMalformed", `<${primitive.name}> has no VERTEX input`, primitive.line);
    const offset = integerAttr(vertex, "offset");
    const positions = positionsOf(attr(vertex, "source") ?? "", vertex);
    const count = positions.length / 3;
    // This instance's builder index of each source vertex, where its stamp is this instance's.
    let added = this.#added.get(positions);
    if (added === undefined) {
      added = { index: new Int32Array(count), stamp: new Int32Array(count) };
      this.#added.set(positions, added);
    }
    const { index: addedIndex, stamp } = added;
    const current = ++this.#stamp;
    const vertexOf = (index: number, at: XmlElement): number => {
      if (!Number.isInteger(index) || index < 0 || index >= count)
        throw new ColladaProblem("meshMalformed", `<p> index ${index} is outside the ${count} positions`, at.line);
      if (stamp[index] === current) return addedIndex[index] as number;
      if (this.builder.vertexCount >= this.#limits.maxVertices)
        throw new ColladaProblem("meshTooLarge", `more than ${this.#limits.maxVertices} vertices`, at.line);
      const x = positions[3 * index] as number;
      const y = positions[3 * index + 1] as number;
      const z = positions[3 * index + 2] as number;
      const px = (m[0] as number) * x + (m[1] as number) * y + (m[2] as number) * z + (m[3] as number);
      const py = (m[4] as number) * x + (m[5] as number) * y + (m[6] as number) * z + (m[7] as number);
      const pz = (m[8] as number) * x + (m[9] as number) * y + (m[10] as number) * z + (m[11] as number);
      if (!(Number.isFinite(px) && Number.isFinite(py) && Number.isFinite(pz)))
        throw new ColladaProblem(
          "numberNotFinite",
          `position ${index} placed by the node transforms is ${px} ${py} ${pz}: the transform overflows a double`,
          at.line,
        );
      const v = this.builder.addVertex(px, py, pz);
      addedIndex[index] = v;
      stamp[index] = current;
      return v;
    };
    const polygon = (p: readonly number[], first: number, corners: number, at: XmlElement): void => {
      if (corners < 3) throw new ColladaProblem("meshMalformed", `a polygon of ${corners} vertices`, at.line);
      const corner = (k: number): number => vertexOf(p[(first + k) * stride + offset] as number, at);
      const a = corner(0);
      for (let k = 1; k + 1 < corners; k++) {
        const b = corner(k);
        const c = corner(k + 1);
        if (mirrored) this.builder.addTriangle(a, c, b);
        else this.builder.addTriangle(a, b, c);
      }
      if (this.builder.triangleCount > this.#limits.maxTriangles)
        throw new ColladaProblem("meshTooLarge", `more than ${this.#limits.maxTriangles} triangles`, at.line);
    };
    if (primitive.name === "polygons") {
      for (const c of primitive.children) {
        if (c.name === "ph") this.#ignore("polygons with holes (<ph>)", c.line);
        if (c.name !== "p") continue;
        const p = this.#numbersOf(c);
        if (p.length % stride !== 0)
          throw new ColladaProblem(
            "meshMalformed",
            `<p> has ${p.length} numbers, not a multiple of the ${stride} inputs`,
            c.line,
          );
        polygon(p, 0, p.length / stride, c);
      }
      return;
    }
    const pElement = child(primitive, "p");
    const p = pElement === undefined ? [] : this.#numbersOf(pElement);
    const at = pElement ?? primitive;
    if (primitive.name === "triangles") {
      const declared = integerAttr(primitive, "count");
      if (p.length !== declared * 3 * stride)
        throw new ColladaProblem(
          "meshMalformed",
          `<triangles count="${declared}"> with ${stride} inputs needs ${declared * 3 * stride} numbers in <p>, not ${p.length}`,
          at.line,
        );
      for (let t = 0; t < declared; t++) polygon(p, 3 * t, 3, at);
      return;
    }
    const vcountElement = child(primitive, "vcount");
    const vcount = vcountElement === undefined ? [] : this.#numbersOf(vcountElement);
    let first = 0;
    for (const corners of vcount) {
      if (!Number.isInteger(corners))
        throw new ColladaProblem("meshMalformed", `<vcount> holds ${corners}`, vcountElement?.line);
      if ((first + corners) * stride > p.length)
        throw new ColladaProblem("meshMalformed", "<vcount> asks for more vertices than <p> holds", at.line);
      polygon(p, first, corners, at);
      first += corners;
    }
    if (first * stride !== p.length)
      throw new ColladaProblem(
        "meshMalformed",
        `<p> has ${p.length} numbers but <vcount> uses ${first * stride}`,
        at.line,
      );
  }
}

/** The numbers of an element's text; exactly `count` of them when given. */
function numbersOf(element: XmlElement, count?: number): number[] {
  const text = element.text.trim();
  const values = text === "" ? [] : text.split(/\s+/).map(Number);
  if (values.some((v) => !Number.isFinite(v)))
    throw new ColladaProblem(
      "meshMalformed",
      `<${element.name}> holds something that is not a finite number`,
      element.line,
    );
  if (count !== undefined && values.length !== count)
    throw new ColladaProblem(
      "meshMalformed",
      `<${element.name}> needs ${count} numbers, not ${values.length}`,
      element.line,
    );
  return values;
}

function integerAttr(element: XmlElement, name: string): number {
  const text = attr(element, name);
  const n = text === undefined ? Number.NaN : Number(text);
  if (!Number.isInteger(n) || n < 0)
    throw new ColladaProblem(
      "meshMalformed",
      `<${element.name} ${name}="${text ?? ""}"> is not a non-negative integer`,
      element.line,
    );
  return n;
}

/** x y z per position, from a <source>'s float_array through its accessor (stride, offset). */
function readPositions(source: XmlElement): Float64Array {
  const array = child(source, "float_array");
  if (array === undefined)
    throw new ColladaProblem("meshMalformed", "the position <source> has no <float_array>", source.line);
  const values = numbersOf(array);
  const technique = child(source, "technique_common");
  const accessor = technique === undefined ? undefined : child(technique, "accessor");
  const stride = accessor === undefined || attr(accessor, "stride") === undefined ? 3 : integerAttr(accessor, "stride");
  const start = accessor === undefined || attr(accessor, "offset") === undefined ? 0 : integerAttr(accessor, "offset");
  const count = accessor === undefined ? Math.floor(values.length / 3) : integerAttr(accessor, "count");
  if (stride < 3 || start + (count - 1) * stride + 3 > values.length) {
    if (count > 0)
      throw new ColladaProblem(
        "meshMalformed",
        `the accessor reads ${count} positions of stride ${stride} from ${values.length} numbers`,
        (accessor ?? source).line,
      );
  }
  const out = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) for (let k = 0; k < 3; k++) out[3 * i + k] = values[start + i * stride + k] as number;
  return out;
}

function multiply(a: Matrix4, b: Matrix4): Matrix4 {
  const out = new Float64Array(16);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += (a[4 * r + k] as number) * (b[4 * k + c] as number);
      out[4 * r + c] = sum;
    }
  }
  return out;
}

function translation(x: number, y: number, z: number): Matrix4 {
  return Float64Array.of(1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1);
}

function scaling(x: number, y: number, z: number): Matrix4 {
  return Float64Array.of(x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1);
}

/** Rotation by `angle` (rad, right-handed) about the axis (x, y, z), normalised (Rodrigues). */
function rotation(x: number, y: number, z: number, angle: number, line: number): Matrix4 {
  const n = Math.hypot(x, y, z);
  if (n === 0) {
    if (angle === 0) return scaling(1, 1, 1);
    throw new ColladaProblem("meshMalformed", "<rotate> about a zero axis", line);
  }
  const [u, v, w] = [x / n, y / n, z / n];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = 1 - c;
  return Float64Array.of(
    t * u * u + c,
    t * u * v - s * w,
    t * u * w + s * v,
    0,
    t * u * v + s * w,
    t * v * v + c,
    t * v * w - s * u,
    0,
    t * u * w - s * v,
    t * v * w + s * u,
    t * w * w + c,
    0,
    0,
    0,
    0,
    1,
  );
}

/**
 * The rotation that takes a COLLADA up axis to +z, keeping the frame right-handed: Y_UP
 * (x right, y up, z toward the viewer) maps (x, y, z) to (x, −z, y); X_UP (−y right, x up)
 * maps to (−y, −z, x); Z_UP is the identity.
 */
function upAxisToZ(up: string): Matrix4 | undefined {
  if (up === "Z_UP") return scaling(1, 1, 1);
  if (up === "Y_UP") return Float64Array.of(1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1);
  if (up === "X_UP") return Float64Array.of(0, -1, 0, 0, 0, 0, -1, 0, 1, 0, 0, 0, 0, 0, 0, 1);
  return undefined;
}

function determinant3(m: Matrix4): number {
  const [a, b, c, , d, e, f, , g, h, i] = m as unknown as number[];
  return (
    (a as number) * ((e as number) * (i as number) - (f as number) * (h as number)) -
    (b as number) * ((d as number) * (i as number) - (f as number) * (g as number)) +
    (c as number) * ((d as number) * (h as number) - (e as number) * (g as number))
  );
}
