import { MESH_LIMITS } from "../../parse/mesh/TriangleMesh.js";
import type { ResourceReader } from "../../validate/RuleContext.js";
import { readRegularFile } from "../resolve/readRegularFile.js";
import { checkViewFile } from "./checkViewFile.js";

/**
 * The mesh reader of `robokit view`'s validation and inertia boxes: like `robokit validate`'s
 * (a regular file of at most `MESH_LIMITS.maxBytes`, read non-blocking), but only below the
 * view's roots, checked on the real path as for serving. A mesh elsewhere is not read: the
 * scene already reports it (VIEW_FILE_OUTSIDE_ROOTS), and the geometry rules skip it.
 */
export function viewResourceReader(roots: readonly string[]): ResourceReader {
  return (file) => {
    const checked = checkViewFile(file, roots, MESH_LIMITS.maxBytes);
    if (!("file" in checked)) return { problem: checked.refused, detail: checked.detail };
    const read = readRegularFile(checked.file.path, MESH_LIMITS.maxBytes);
    return "bytes" in read ? { bytes: read.bytes } : read;
  };
}
