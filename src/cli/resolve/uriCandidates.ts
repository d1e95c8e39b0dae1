import { dirname, isAbsolute, join, resolve } from "node:path";

import { findRosPackage } from "./findRosPackage.js";
import type { SearchPaths } from "./searchPaths.js";

/** Where a URI may be on disk: candidate paths in search order, or why it is not looked up. */
export type UriCandidates = { readonly paths: readonly string[] } | { readonly offline: string };

/**
 * Candidate paths for a resource URI seen in `fromAbs` (absolute path of the file that names
 * it), in the order Gazebo and ROS look:
 * - `package://pkg/rest`: `pkg` in ROS_PACKAGE_PATH, then a folder `pkg` next to the file or
 *   one of its ancestors (a ROS workspace), then `pkg/rest` in each model path (gz does that);
 * - `model://name/rest`, relative paths: next to the file, next to the top-level file, then each
 *   model path (-I, SDF_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH);
 * - `file://` and absolute paths: as given;
 * - other schemes (http, https): not fetched, robokit works offline.
 */
export function uriCandidates(uri: string, fromAbs: string, topAbs: string, paths: SearchPaths): UriCandidates {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(uri)?.[1]?.toLowerCase();
  if (scheme === "package") {
    const rest = uri.slice("package://".length);
    const slash = rest.indexOf("/");
    const pkg = slash < 0 ? rest : rest.slice(0, slash);
    const tail = slash < 0 ? "" : rest.slice(slash + 1);
    const out: string[] = [];
    for (const dir of findRosPackage(pkg, paths.packages)) out.push(join(dir, tail));
    for (let dir = dirname(fromAbs); ; dir = dirname(dir)) {
      if (dir.endsWith(`/${pkg}`)) out.push(join(dir, tail));
      out.push(join(dir, pkg, tail));
      if (dirname(dir) === dir) break;
    }
    for (const base of paths.models) out.push(resolve(base, pkg, tail));
    return { paths: [...new Set(out)] };
  }
  if (scheme !== undefined && scheme !== "model" && scheme !== "file")
    return { offline: `${scheme} URIs are not fetched; robokit validates offline` };
  const rel = scheme === undefined ? uri : uri.slice(scheme.length + 3);
  if (isAbsolute(rel)) return { paths: [rel] };
  const bases = [dirname(fromAbs), dirname(topAbs), ...paths.models];
  return { paths: [...new Set(bases.map((b) => resolve(b, rel)))] };
}
