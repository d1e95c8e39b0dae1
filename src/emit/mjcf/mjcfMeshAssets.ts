import type { MeshGeometry } from "../../model/Geometry.js";
import type { Robot } from "../../model/Robot.js";
import { num } from "../xml/xmlDocument.js";

/** The file formats MuJoCo 2.2.2 and 3.x read a mesh from that robokit writes: binary STL and OBJ. */
export type MjcfMeshFileFormat = "stl" | "obj";

/** One mesh file written next to the MJCF: a mesh URI of the robot as MuJoCo will read it. */
export interface MjcfMeshFile {
  /** The URI as the robot names it (`package://…`, `model://…`, relative, `file://`). */
  readonly uri: string;
  /** File name next to the MJCF (one safe path segment, unique, ending in `.stl` or `.obj`). */
  readonly file: string;
  /** What the file is written as. */
  readonly format: MjcfMeshFileFormat;
}

/** One `<mesh>` asset: a mesh file at one scale. */
export interface MjcfMeshAsset {
  /** Asset name (unique among the meshes). */
  readonly name: string;
  /** The file it reads, as {@link MjcfMeshFile.file}. */
  readonly file: string;
  /** Per-axis scale of the geometry, absent when it is [1, 1, 1]. */
  readonly scale?: readonly [number, number, number];
}

/** The mesh files and assets of a robot's MJCF; `emitMjcf` writes a mesh geom for each mesh it knows here. */
export interface MjcfMeshAssets {
  readonly files: readonly MjcfMeshFile[];
  readonly assets: readonly MjcfMeshAsset[];
  /** The asset of a mesh geometry (its URI and scale), or undefined when it has no file. */
  assetOf(mesh: MeshGeometry): string | undefined;
}

/**
 * Plans one MJCF mesh asset per mesh file and scale of `robot`, and one file per URI, in the
 * order the links and their visuals and collisions come. A visual `base.dae` and a collision
 * `base.stl` are two files (`base_dae.stl`, `base.stl`) and two assets, never one. File names
 * come from the URI's last segment, reduced to letters, digits, `_`, `-` and `.`; a clash gets
 * `_2`, `_3`…; names are compared case-insensitively so that a case-insensitive disk keeps them
 * apart. `formatOf` says what each URI becomes (default: `.obj` stays OBJ, everything else,
 * COLLADA included, becomes binary STL); `skip` leaves URIs out (a mesh the caller could not read).
 * Pure.
 */
export function mjcfMeshAssets(
  robot: Robot,
  formatOf: (uri: string) => MjcfMeshFileFormat = defaultMjcfMeshFormat,
  skip: (uri: string) => boolean = () => false,
): MjcfMeshAssets {
  const fileOf = new Map<string, MjcfMeshFile>();
  const taken = new Map<string, number>();
  const assetByKey = new Map<string, MjcfMeshAsset>();
  const assetNames = new Map<string, number>();
  for (const mesh of robotMeshes(robot)) {
    if (skip(mesh.uri)) continue;
    let file = fileOf.get(mesh.uri);
    if (file === undefined) {
      const format = formatOf(mesh.uri);
      const name = unique(fileStem(mesh.uri, format), taken, `.${format}`);
      file = { uri: mesh.uri, file: `${name}.${format}`, format };
      fileOf.set(mesh.uri, file);
    }
    const key = meshKey(mesh);
    if (assetByKey.has(key)) continue;
    const stem = file.file.slice(0, -(file.format.length + 1));
    const scale = scaleOf(mesh);
    const name = unique(scale === undefined ? stem : `${stem}_scaled`, assetNames, "");
    assetByKey.set(key, { name, file: file.file, ...(scale === undefined ? {} : { scale }) });
  }
  return {
    files: [...fileOf.values()],
    assets: [...assetByKey.values()],
    assetOf: (mesh) => assetByKey.get(meshKey(mesh))?.name,
  };
}

/** `.obj` stays OBJ; STL, COLLADA and anything else is written as binary STL. */
export function defaultMjcfMeshFormat(uri: string): MjcfMeshFileFormat {
  return /\.obj$/i.test(uri) ? "obj" : "stl";
}

/** Every mesh geometry of the robot, visuals then collisions per link, in model order. */
export function robotMeshes(robot: Robot): MeshGeometry[] {
  const out: MeshGeometry[] = [];
  for (const link of robot.links)
    for (const shape of [...(link.visuals ?? []), ...(link.collisions ?? [])])
      if (shape.geometry.type === "mesh") out.push(shape.geometry);
  return out;
}

function scaleOf(mesh: MeshGeometry): readonly [number, number, number] | undefined {
  const s = mesh.scale;
  return s === undefined || (s[0] === 1 && s[1] === 1 && s[2] === 1) ? undefined : [s[0], s[1], s[2]];
}

/** One key per URI and written scale (the scale as the MJCF prints it, so equal text is one asset). */
function meshKey(mesh: MeshGeometry): string {
  const s = scaleOf(mesh);
  return `${mesh.uri}\u0000${s === undefined ? "" : s.map(num).join(" ")}`;
}

/** A safe stem from the URI's last segment; the source extension is kept in it when the format changes. */
function fileStem(uri: string, format: MjcfMeshFileFormat): string {
  const last = uri.split(/[\\/]/).pop() ?? "";
  const dot = last.lastIndexOf(".");
  const stem = dot > 0 ? last.slice(0, dot) : last;
  const extension = dot > 0 ? last.slice(dot + 1).toLowerCase() : "";
  const kept = extension === "" || extension === format ? stem : `${stem}_${extension}`;
  const safe = kept.replace(/[^A-Za-z0-9_.-]/g, "_").replace(/^[.-]+/, "");
  return (safe === "" ? "mesh" : safe).slice(0, 100);
}

/**
 * `base` if free, else `base_2`, `base_3`…, compared case-insensitively with `suffix` appended.
 * `taken` remembers each base's next number, so n clashes cost n steps, not n².
 */
function unique(base: string, taken: Map<string, number>, suffix: string): string {
  const baseKey = `${base}${suffix}`.toLowerCase();
  for (let k = taken.get(baseKey) ?? 1; ; k++) {
    const candidate = k === 1 ? base : `${base}_${k}`;
    const key = `${candidate}${suffix}`.toLowerCase();
    if (!taken.has(key)) {
      taken.set(key, 1);
      taken.set(baseKey, k + 1);
      return candidate;
    }
  }
}
