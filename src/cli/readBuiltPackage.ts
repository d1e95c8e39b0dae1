import { existsSync, lstatSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

import { buildArtifacts } from "../emit/buildArtifacts.js";
import type { EmitOptions } from "../emit/emitFormats.js";
import type { Robot } from "../model/Robot.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";

/**
 * The files of the package a URDF sits in when that package is what `robokit build` writes
 * (`PKG/urdf/NAME.urdf` beside `PKG/package.xml`): only the paths `build` would write for
 * `robot`, regular files (no link followed) within the XML size limit, keyed by their path
 * in the package. Undefined for a URDF anywhere else.
 */
export function readBuiltPackage(
  urdfPath: string,
  robot: Robot,
  options: EmitOptions,
): Map<string, string> | undefined {
  const folder = dirname(urdfPath);
  if (basename(folder) !== "urdf") return undefined;
  const root = dirname(folder);
  if (!existsSync(join(root, "package.xml"))) return undefined;
  const files = new Map<string, string>();
  let paths: string[];
  try {
    paths = buildArtifacts(robot, options).map((a) => a.path);
  } catch {
    return undefined;
  }
  for (const path of paths) {
    const full = join(root, path);
    try {
      const stat = lstatSync(full);
      if (!stat.isFile() || stat.size > INPUT_LIMITS.maxXmlBytes) continue;
      files.set(path, readFileSync(full, "utf8"));
    } catch {
      // A file the package does not have is simply not compared.
    }
  }
  return files;
}
