import { basename, dirname, resolve } from "node:path";

import { realOrUndefined } from "../resolve/displayNames.js";
import { readPackageName } from "../resolve/readPackageName.js";
import type { SearchPaths } from "../resolve/searchPaths.js";

/** How many folders up from the robot's file its own ROS package (a package.xml) is looked for. */
export const OWN_PACKAGE_LEVELS = 4;

/** Where `robokit view` may serve files from, and how its own package is named. */
export interface ViewRoots {
  /** Real paths: the robot's folder, its package, -I folders and the search paths that exist. */
  readonly roots: readonly string[];
  /** The nearest folder at or above the robot's folder holding a package.xml (real path), with the name it declares. */
  readonly ownPackage: { readonly dir: string; readonly name: string } | undefined;
  /** The search paths (for uriCandidates). */
  readonly paths: SearchPaths;
}

/**
 * The roots of {@link ViewRoots} for the robot file `file` (undefined for a bundled example):
 * its folder, the nearest package.xml folder within {@link OWN_PACKAGE_LEVELS} levels up (so
 * `urdf/r.urdf` reaches `../meshes`), every -I folder, SDF/Gazebo model path and
 * ROS_PACKAGE_PATH entry. All as real paths, so containment is checked after symlinks.
 */
export function viewRoots(file: string | undefined, paths: SearchPaths): ViewRoots {
  const roots: string[] = [];
  let ownPackage: ViewRoots["ownPackage"];
  // The folder's real path: the file itself may be a symlink into another folder, or not written yet.
  const realDir =
    file === undefined ? undefined : realOrUndefined(dirname(realOrUndefined(resolve(file)) ?? resolve(file)));
  if (realDir !== undefined) {
    let dir = realDir;
    roots.push(dir);
    for (let level = 0; level < OWN_PACKAGE_LEVELS; level++, dir = dirname(dir)) {
      const manifest = readPackageName(dir);
      if (manifest.state !== "absent") {
        ownPackage = { dir, name: manifest.state === "read" ? (manifest.name ?? basename(dir)) : basename(dir) };
        roots.push(dir);
        break;
      }
      if (dirname(dir) === dir) break;
    }
  }
  for (const p of [...paths.models, ...paths.packages]) {
    const r = realOrUndefined(resolve(p));
    if (r !== undefined) roots.push(r);
  }
  return { roots: [...new Set(roots)], ownPackage, paths };
}
