import { existsSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

import { uriCandidates } from "../resolve/uriCandidates.js";
import { checkViewFile, type ViewFile, type ViewFileRefusal } from "./checkViewFile.js";
import type { ViewRoots } from "./viewRoots.js";

/** Where a mesh or texture URI of the scene leads: a file to serve, a refusal, nothing on disk, or the network. */
export type MeshUriResolution =
  | { readonly file: ViewFile }
  | (ViewFileRefusal & { readonly path: string })
  | { readonly remote: string }
  | { readonly unresolved: true };

/**
 * Resolves a mesh or texture URI of the description `fromFile` for the viewer. Candidates are
 * {@link uriCandidates}' (ROS_PACKAGE_PATH, the file's ancestors, -I and the SDF/Gazebo model
 * paths), after two of the robot's own: `package://<its package.xml name>/…` in its package
 * folder, and `model://<its folder's name>/…` in its folder. The first candidate whose real path
 * is inside `roots.roots` wins; when candidates exist only outside (`..`, absolute paths,
 * file://, a symlink leading out), the first of them is refused, never served. http(s) and
 * other schemes are `remote`: the page fetches nothing from the network.
 */
export function resolveMeshUri(uri: string, fromFile: string, roots: ViewRoots): MeshUriResolution {
  const fromAbs = resolve(fromFile);
  const where = uriCandidates(uri, fromAbs, fromAbs, roots.paths);
  if ("offline" in where) return { remote: uri };
  const own: string[] = [];
  const scheme = /^(package|model):\/\/([^/]*)\/?(.*)$/i.exec(uri);
  if (scheme !== null) {
    const [, kind = "", name = "", tail = ""] = scheme;
    if (kind.toLowerCase() === "package" && roots.ownPackage?.name === name) own.push(join(roots.ownPackage.dir, tail));
    if (kind.toLowerCase() === "model" && basename(dirname(fromAbs)) === name) own.push(join(dirname(fromAbs), tail));
  }
  let firstRefusal: (ViewFileRefusal & { readonly path: string }) | undefined;
  for (const candidate of [...new Set([...own, ...where.paths])]) {
    if (!existsSync(candidate)) continue;
    const checked = checkViewFile(candidate, roots.roots);
    if ("file" in checked) return checked;
    if (checked.refused !== "missing") firstRefusal ??= { ...checked, path: candidate };
  }
  return firstRefusal ?? { unresolved: true };
}
