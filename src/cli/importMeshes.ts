import { closeSync, readSync } from "node:fs";

import { meshKey, meshSolidCandidates, type MeshSolids } from "../import/meshSolidLinks.js";
import type { MeshMassProperties } from "../model/MeshMassProperties.js";
import type { Robot } from "../model/Robot.js";
import { meshMassProperties } from "../parse/mesh/meshMassProperties.js";
import { readMesh } from "../parse/mesh/readMesh.js";
import { includeRoots } from "./readXacro.js";
import { defaultIncludeLimits, type IncludeLimits } from "./resolve/includeLimits.js";
import { searchPathsFrom } from "./resolve/searchPaths.js";
import { openViewFile } from "./view/openViewFile.js";
import { resolveMeshUri } from "./view/resolveMeshUri.js";
import { viewRoots } from "./view/viewRoots.js";

/** The meshes `robokit import` measured, and why the others were not. */
export interface ImportMeshes {
  /** Closed meshes' mass properties, by mesh and scale. */
  readonly solids: MeshSolids;
  /** One line per mesh not measured: its URI and the reason (not found, outside the roots, …). */
  readonly skipped: readonly string[];
}

/**
 * Reads and measures the meshes of the links `robokit import` could write as solidLink's mesh
 * form (one visual and collision with the same mesh), from disk, contained as the import's
 * includes are: URIs resolve as the validator and the viewer resolve them (`package://`,
 * `model://`, relative, ROS_PACKAGE_PATH, `-I` and the SDF/Gazebo model paths), but a file is read
 * only when its real path (symlinks resolved) lies below {@link includeRoots}, it is a regular
 * file (never a FIFO or device: refused by lstat, then opened non-blocking without following a
 * last link and checked again by fstat for the same inode), at most `limits.maxFileBytes`, and
 * all meshes together at most `limits.maxTotalBytes`. Only closed meshes count; an open one (whose
 * volume robokit can only approximate) is skipped.
 */
export function importMeshes(
  robot: Robot,
  file: string,
  includePaths: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  limits: IncludeLimits = defaultIncludeLimits,
): ImportMeshes {
  const candidates = meshSolidCandidates(robot);
  const solids = new Map<string, MeshMassProperties>();
  const skipped: string[] = [];
  if (candidates.length === 0) return { solids, skipped };
  const paths = searchPathsFrom(includePaths, env);
  const roots = { ...viewRoots(file, paths), roots: includeRoots(file, includePaths) };
  const bytesOf = new Map<string, Uint8Array | string>();
  let total = 0;
  const read = (uri: string): Uint8Array | string => {
    const found = resolveMeshUri(uri, file, roots);
    if ("remote" in found) return "not read: robokit reads no network URI";
    if ("unresolved" in found) return "not found";
    if ("refused" in found)
      return found.refused === "outside-roots"
        ? "not read: it lies outside the file's workspace and the search paths (-I, ROS_PACKAGE_PATH, AMENT_PREFIX_PATH)"
        : `not read: ${found.refused === "not-regular" ? `it is ${found.detail}` : found.refused === "too-large" ? `it has ${found.detail}` : found.detail}`;
    const known = bytesOf.get(found.file.path);
    if (known !== undefined) return known;
    const opened = openViewFile(found.file, limits.maxFileBytes);
    let result: Uint8Array | string;
    if ("refused" in opened)
      result = `not read: ${opened.refused === "too-large" ? `it has ${opened.detail}, over ${limits.maxFileBytes} bytes` : opened.detail}`;
    else if (total + opened.size > limits.maxTotalBytes) {
      closeSync(opened.fd);
      result = `not read: the meshes read would pass ${limits.maxTotalBytes} bytes in all`;
    } else {
      result = readOpened(opened.fd, opened.size);
      if (typeof result !== "string") total += result.length;
    }
    bytesOf.set(found.file.path, result);
    return result;
  };
  for (const g of candidates) {
    const bytes = read(g.uri);
    if (typeof bytes === "string") {
      skipped.push(`${g.uri}: ${bytes}`);
      continue;
    }
    const parsed = readMesh(bytes, g.uri);
    const props =
      parsed.mesh === undefined
        ? undefined
        : meshMassProperties(parsed.mesh, g.uri, { scale: g.scale ?? [1, 1, 1] }).properties;
    if (props === undefined) skipped.push(`${g.uri}: not a mesh robokit can measure`);
    else if (props.method !== "closed-mesh") skipped.push(`${g.uri}: not a closed mesh, so it bounds no solid`);
    else solids.set(meshKey(g), props);
  }
  return { solids, skipped };
}

/** Reads exactly `size` bytes from an opened file and closes it; a reason when it cannot. */
function readOpened(fd: number, size: number): Uint8Array | string {
  const buffer = Buffer.alloc(size);
  let at = 0;
  try {
    for (;;) {
      if (at === size) break;
      const n = readSync(fd, buffer, at, size - at, null);
      if (n === 0) return "not read: it shrank while read";
      at += n;
    }
    return buffer;
  } catch (error) {
    return `not read: ${error instanceof Error && "code" in error ? String((error as { code: unknown }).code) : "I/O error"}`;
  } finally {
    closeSync(fd);
  }
}
