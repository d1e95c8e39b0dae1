import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

import { findPackageXml } from "./findPackageXml.js";

/** Folders of a ROS package where its robot description lives. */
const DESCRIPTION_FOLDERS = ["urdf", "description", "robot_description", "models"];

/**
 * The robot beside a parameter file in a ROS package: the package is the nearest folder at or
 * above the file's (at most 4 levels up) holding a package.xml, and the robot its single URDF
 * or xacro file in `urdf/`, `description/`, `robot_description/` or `models/` (a `.urdf` file
 * wins over xacro when both exist). Undefined when there is no package or no single candidate.
 * Reads only those folders' listings.
 */
export function findPackageRobot(parameterFile: string): string | undefined {
  const packageXml = findPackageXml(parameterFile);
  return packageXml === undefined ? undefined : robotIn(dirname(packageXml));
}

function robotIn(pkg: string): string | undefined {
  const found: string[] = [];
  for (const folder of DESCRIPTION_FOLDERS) {
    const path = join(pkg, folder);
    if (!existsSync(path) || !statSync(path).isDirectory()) continue;
    for (const name of readdirSync(path).sort())
      if (/\.(urdf|xacro)$/i.test(name) && statSync(join(path, name)).isFile()) found.push(join(path, name));
  }
  const urdf = found.filter((f) => /\.urdf$/i.test(f));
  if (urdf.length === 1) return urdf[0];
  return found.length === 1 ? found[0] : undefined;
}
