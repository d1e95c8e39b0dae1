import { closeSync, readSync } from "node:fs";

import { includeRoots } from "./readXacro.js";
import { defaultIncludeLimits, type IncludeLimits } from "./resolve/includeLimits.js";
import { searchPathsFrom } from "./resolve/searchPaths.js";
import { openViewFile } from "./view/openViewFile.js";
import { resolveMeshUri } from "./view/resolveMeshUri.js";
import { viewRoots } from "./view/viewRoots.js";

/** A mesh file's bytes, or why they were not read: `missing` (nothing on disk) or `refused` (found but not read). */
export type ContainedMeshRead =
  | { readonly bytes: Uint8Array; readonly path: string }
  | { readonly problem: "missing" | "refused"; readonly reason: string };

/**
 * Reads the mesh files a robot description names, from disk, contained as its includes are:
 * URIs resolve as the validator and the viewer resolve them (`package://`, `model://`, relative,
 * `file://`, ROS_PACKAGE_PATH, `-I` and the SDF/Gazebo model paths), but a file is read only when
 * its real path (symlinks resolved) lies below the roots (the description's workspace and folder,
 * its package, `-I` folders, ROS_PACKAGE_PATH, AMENT_PREFIX_PATH and the model paths), it is a
 * regular file (never a FIFO or device: refused by lstat, then opened non-blocking without
 * following a last link and checked again by fstat for the same inode), at most
 * `limits.maxFileBytes`, and all meshes together at most `limits.maxTotalBytes`. Each file is
 * read once. `file` is the description's path on disk.
 */
export function containedMeshReader(
  file: string,
  includePaths: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  limits: IncludeLimits = defaultIncludeLimits,
): (uri: string) => ContainedMeshRead {
  const paths = searchPathsFrom(includePaths, env);
  const view = viewRoots(file, paths);
  const roots = { ...view, roots: [...new Set([...includeRoots(file, includePaths), ...view.roots])] };
  const byPath = new Map<string, ContainedMeshRead>();
  let total = 0;
  return (uri) => {
    const found = resolveMeshUri(uri, file, roots);
    if ("remote" in found) return { problem: "refused", reason: "not read: robokit reads no network URI" };
    if ("unresolved" in found) return { problem: "missing", reason: "not found" };
    if ("refused" in found)
      return {
        problem: "refused",
        reason:
          found.refused === "outside-roots"
            ? "not read: it lies outside the file's workspace and the search paths (-I, ROS_PACKAGE_PATH, AMENT_PREFIX_PATH, SDF_PATH, GZ_SIM_RESOURCE_PATH)"
            : `not read: ${found.refused === "not-regular" ? `it is ${found.detail}` : found.refused === "too-large" ? `it has ${found.detail}` : found.detail}`,
      };
    const known = byPath.get(found.file.path);
    if (known !== undefined) return known;
    const opened = openViewFile(found.file, limits.maxFileBytes);
    let result: ContainedMeshRead;
    if ("refused" in opened)
      result = {
        problem: "refused",
        reason: `not read: ${opened.refused === "too-large" ? `it has ${opened.detail}, over ${limits.maxFileBytes} bytes` : opened.detail}`,
      };
    else if (total + opened.size > limits.maxTotalBytes) {
      closeSync(opened.fd);
      result = {
        problem: "refused",
        reason: `not read: the meshes read would pass ${limits.maxTotalBytes} bytes in all`,
      };
    } else {
      const bytes = readOpened(opened.fd, opened.size);
      result = typeof bytes === "string" ? { problem: "refused", reason: bytes } : { bytes, path: found.file.path };
      if (typeof bytes !== "string") total += bytes.length;
    }
    byPath.set(found.file.path, result);
    return result;
  };
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
